-- What a statement text does to Delta Sharing shares (tables added, updated, removed; shares renamed or
-- dropped), in the order of its statements: the share name is not a table access, so it has its own column.
ALTER TABLE statement_analysis ADD COLUMN share_changes jsonb NOT NULL DEFAULT '[]';

-- Those changes per statement, names resolved like its facts, replaced with them when a statement changes.
CREATE TABLE share_event (
    statement_id     text        NOT NULL,
    event_no         smallint    NOT NULL,
    action           text        NOT NULL,
    share_name       text        NOT NULL,
    table_name       text,
    alias            text,
    with_history     boolean,
    renamed_to       text,
    user_name        text        NOT NULL,
    event_time       timestamptz NOT NULL,
    execution_status text,
    PRIMARY KEY (statement_id, event_no)
);

-- Each period a table was exposed through a share: opened by an ADD (or first seen in an UPDATE, or carried
-- over by a RENAME of the share), closed by a REMOVE, a DROP or a RENAME of the share; open = shared now.
-- Rebuilt from the finished statements' share_event rows whenever they change (they are few).
CREATE TABLE table_share (
    table_name        text        NOT NULL,
    share_name        text        NOT NULL,
    alias             text,
    with_history      boolean,
    opened_by         text        NOT NULL,
    added_at          timestamptz NOT NULL,
    added_by          text        NOT NULL,
    added_statement   text        NOT NULL,
    closed_by         text,
    removed_at        timestamptz,
    removed_by        text,
    removed_statement text,
    PRIMARY KEY (table_name, share_name, added_at, added_statement)
);

CREATE INDEX table_share_open ON table_share (table_name) WHERE removed_at IS NULL;
