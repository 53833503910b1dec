-- What each analysis found about columns (io.lakegov.sql.ColumnAccess as JSON): the analysis depends
-- only on the text, so unqualified columns and SELECT * stay unresolved here and are resolved against
-- the column inventory when facts are derived.
ALTER TABLE statement_analysis ADD COLUMN columns jsonb NOT NULL DEFAULT '[]';

-- The lakehouse's columns as synced from the source's information_schema.columns, with their history:
-- each row is one column of one table for a validity interval.
CREATE TABLE column_inventory (
    id               bigserial   PRIMARY KEY,
    -- catalog.schema.table in lower case, as in table_inventory and the facts
    table_name       text        NOT NULL,
    column_name      text        NOT NULL,
    ordinal_position integer,
    data_type        text,
    valid_from       timestamptz NOT NULL,
    valid_to         timestamptz
);

CREATE UNIQUE INDEX column_inventory_current ON column_inventory (table_name, column_name) WHERE valid_to IS NULL;
CREATE INDEX column_inventory_table ON column_inventory (table_name, valid_from);

-- One row per statement x table x column x role x resolution. resolution: RESOLVED (the column of this
-- table), AMBIGUOUS (one of the candidates, which include this table), UNRESOLVED (this table may be
-- meant, the inventory cannot tell: column_name as written, * for SELECT * of a table without known
-- columns), UNKNOWN (the analyser could not tell this statement's columns of the table; column_name '').
CREATE TABLE column_access (
    statement_id  text        NOT NULL,
    table_name    text        NOT NULL,
    column_name   text        NOT NULL,
    role          text        NOT NULL,
    resolution    text        NOT NULL,
    candidates    text[],
    user_name     text        NOT NULL,
    event_time    timestamptz NOT NULL,
    business_date date        NOT NULL,
    source_kind   text        NOT NULL,
    source_id     text        NOT NULL,
    PRIMARY KEY (statement_id, table_name, column_name, role, resolution)
);

-- Impact of one column: its readers, writers and the statements behind downstream tables.
CREATE INDEX column_access_column ON column_access (table_name, column_name, business_date);

-- Rollup per business day x table x column x role x resolution x user, kept exactly equal to the facts.
CREATE TABLE column_daily (
    table_name    text        NOT NULL,
    business_date date        NOT NULL,
    column_name   text        NOT NULL,
    role          text        NOT NULL,
    resolution    text        NOT NULL,
    user_name     text        NOT NULL,
    statements    bigint      NOT NULL,
    first_event   timestamptz NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (table_name, business_date, column_name, role, resolution, user_name)
        INCLUDE (statements, first_event, last_event)
);

CREATE INDEX column_daily_column ON column_daily (table_name, column_name, business_date)
    INCLUDE (role, resolution, user_name, statements, first_event, last_event);
