-- What each view reads, from two witnesses. The statements seen in the history that create, replace or
-- drop views are usage facts already (the view written, what it reads read); the partial index finds
-- them without a pass over every fact. The source's information_schema.views gives the definitions of
-- the views that exist now, kept here with validity intervals like table_inventory: a definition that
-- changes closes its row (ended REPLACED) and opens a new one; a view that vanishes closes its row
-- (ended VANISHED).
CREATE INDEX table_access_view_statements ON table_access (event_time)
    WHERE statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW',
                             'DROP_VIEW', 'DROP_TABLE');

CREATE TABLE view_inventory (
    id              bigserial   PRIMARY KEY,
    -- catalog.schema.view in lower case, as facts name it
    full_name       text        NOT NULL,
    table_catalog   text        NOT NULL,
    table_schema    text        NOT NULL,
    definition      text        NOT NULL,
    definition_hash text        NOT NULL,
    valid_from      timestamptz NOT NULL,
    valid_to        timestamptz,
    ended           text,
    last_synced_at  timestamptz NOT NULL
);

CREATE UNIQUE INDEX view_inventory_current ON view_inventory (full_name) WHERE valid_to IS NULL;
