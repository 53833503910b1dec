-- The local warehouse: tables laid out like Databricks' system.query.history and
-- system.information_schema.tables and columns, for the demo workload and for tests. Never used with a real source.
CREATE SCHEMA IF NOT EXISTS query;

CREATE TABLE IF NOT EXISTS query.history (
    account_id                      text,
    workspace_id                    text,
    statement_id                    text PRIMARY KEY,
    executed_by                     text,
    session_id                      text,
    execution_status                text,
    compute                         jsonb,
    executed_by_user_id             text,
    statement_text                  text,
    statement_type                  text,
    error_message                   text,
    client_application              text,
    client_driver                   text,
    total_duration_ms               bigint,
    waiting_for_compute_duration_ms bigint,
    waiting_at_capacity_duration_ms bigint,
    execution_duration_ms           bigint,
    compilation_duration_ms         bigint,
    total_task_duration_ms          bigint,
    result_fetch_duration_ms        bigint,
    start_time                      timestamptz,
    end_time                        timestamptz,
    update_time                     timestamptz NOT NULL,
    read_partitions                 bigint,
    pruned_files                    bigint,
    read_files                      bigint,
    read_rows                       bigint,
    produced_rows                   bigint,
    read_bytes                      bigint,
    read_io_cache_percent           integer,
    from_result_cache               boolean,
    spilled_local_bytes             bigint,
    written_bytes                   bigint,
    shuffle_read_bytes              bigint,
    query_source                    jsonb,
    executed_as                     text,
    executed_as_user_id             text,
    written_rows                    bigint,
    written_files                   bigint,
    cache_origin_statement_id       text,
    query_parameters                jsonb,
    query_tags                      jsonb
);

-- in the order ingestion reads a window (update_time, then statement_id), so the read streams without a sort
CREATE INDEX IF NOT EXISTS history_update_order ON query.history (update_time, statement_id);
DROP INDEX IF EXISTS query.history_update_time;

CREATE SCHEMA IF NOT EXISTS lakehouse;

CREATE TABLE IF NOT EXISTS lakehouse.tables (
    table_catalog      text NOT NULL,
    table_schema       text NOT NULL,
    table_name         text NOT NULL,
    table_type         text,
    data_source_format text,
    storage_path       text,
    table_owner        text,
    comment            text,
    created            timestamptz,
    created_by         text,
    last_altered       timestamptz,
    last_altered_by    text,
    PRIMARY KEY (table_catalog, table_schema, table_name)
);

-- information_schema.views: the text of each view's defining query.
CREATE TABLE IF NOT EXISTS lakehouse.views (
    table_catalog   text NOT NULL,
    table_schema    text NOT NULL,
    table_name      text NOT NULL,
    view_definition text,
    PRIMARY KEY (table_catalog, table_schema, table_name)
);

-- information_schema.columns: the columns of each table.
CREATE TABLE IF NOT EXISTS lakehouse.columns (
    table_catalog    text NOT NULL,
    table_schema     text NOT NULL,
    table_name       text NOT NULL,
    column_name      text NOT NULL,
    ordinal_position integer,
    data_type        text,
    PRIMARY KEY (table_catalog, table_schema, table_name, column_name)
);

-- What SHOW TBLPROPERTIES and DESCRIBE HISTORY answer on a real warehouse.
CREATE TABLE IF NOT EXISTS lakehouse.table_properties (
    table_full_name text NOT NULL,
    key             text NOT NULL,
    value           text,
    PRIMARY KEY (table_full_name, key)
);

CREATE TABLE IF NOT EXISTS lakehouse.table_history (
    table_full_name text        NOT NULL,
    version         bigint      NOT NULL,
    timestamp       timestamptz NOT NULL,
    operation       text,
    PRIMARY KEY (table_full_name, version)
);

-- Laid out like Databricks' system.access.table_lineage (its struct column as jsonb).
CREATE SCHEMA IF NOT EXISTS access;

CREATE TABLE IF NOT EXISTS access.table_lineage (
    account_id             text,
    metastore_id           text,
    workspace_id           text,
    entity_type            text,
    entity_id              text,
    entity_run_id          text,
    source_table_full_name text,
    source_table_catalog   text,
    source_table_schema    text,
    source_table_name      text,
    source_path            text,
    source_type            text,
    target_table_full_name text,
    target_table_catalog   text,
    target_table_schema    text,
    target_table_name      text,
    target_path            text,
    target_type            text,
    created_by             text,
    event_time             timestamptz,
    event_date             date,
    record_id              text,
    event_id               text,
    statement_id           text,
    entity_metadata        jsonb
);

CREATE INDEX IF NOT EXISTS table_lineage_event_time ON access.table_lineage (event_time);
