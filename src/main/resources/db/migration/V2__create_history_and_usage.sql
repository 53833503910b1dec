-- Long-term query history, statement analyses, usage facts and their daily rollups.

-- One analysis per distinct statement text and analyser version. Facts are derived from it, so a
-- newer analyser can re-derive them without re-reading the source.
CREATE TABLE statement_analysis (
    text_hash        text        NOT NULL,
    analyzer_version text        NOT NULL,
    status           text        NOT NULL,
    kind             text,
    stage            text        NOT NULL,
    reason           text,
    fingerprint      text,
    redacted_sql     text,
    accesses         jsonb       NOT NULL,
    paths            jsonb       NOT NULL,
    use_catalog      text,
    use_schema       text,
    temporary_views  jsonb       NOT NULL,
    analyzed_at      timestamptz NOT NULL,
    PRIMARY KEY (text_hash, analyzer_version)
);

-- One row per statement_id, every known column of system.query.history typed; columns the store does
-- not know yet are kept in extra_columns.
CREATE TABLE query_history (
    statement_id                    text        NOT NULL PRIMARY KEY,
    account_id                      text,
    workspace_id                    text,
    executed_by                     text,
    executed_by_user_id             text,
    executed_as                     text,
    executed_as_user_id             text,
    session_id                      text,
    execution_status                text,
    compute                         jsonb,
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
    spilled_local_bytes             bigint,
    written_bytes                   bigint,
    written_rows                    bigint,
    written_files                   bigint,
    shuffle_read_bytes              bigint,
    from_result_cache               boolean,
    cache_origin_statement_id       text,
    query_source                    jsonb,
    query_parameters                jsonb,
    query_tags                      jsonb,
    extra_columns                   jsonb,
    -- derived by lakegov
    text_hash                       text,
    analyzer_version                text,
    analysis_status                 text,
    source_kind                     text        NOT NULL,
    source_id                       text,
    default_catalog                 text,
    default_schema                  text,
    first_seen_at                   timestamptz NOT NULL,
    last_changed_at                 timestamptz NOT NULL,
    ingestion_run_id                bigint
);

CREATE INDEX query_history_update_time ON query_history (update_time);
CREATE INDEX query_history_start_time ON query_history (start_time);
CREATE INDEX query_history_session ON query_history (session_id, start_time) WHERE session_id IS NOT NULL;
CREATE INDEX query_history_user ON query_history (executed_by, start_time);
CREATE INDEX query_history_analysis ON query_history (analyzer_version, text_hash);

-- What a session set with USE and which temporary views it created, by statement start: one- and
-- two-part names of later statements in the session resolve against it.
CREATE TABLE session_event (
    session_id   text        NOT NULL,
    start_time   timestamptz NOT NULL,
    statement_id text        NOT NULL,
    use_catalog  text,
    use_schema   text,
    temp_views   text[]      NOT NULL DEFAULT '{}',
    PRIMARY KEY (session_id, start_time, statement_id)
);

-- The usage facts: one row per statement x table access.
CREATE TABLE table_access (
    statement_id       text        NOT NULL,
    access_no          smallint    NOT NULL,
    table_name         text        NOT NULL,
    written_name       text        NOT NULL,
    fully_qualified    boolean     NOT NULL,
    role               text        NOT NULL,
    statement_kind     text,
    time_travel_kind   text,
    time_travel_value  text,
    time_travel_syntax text,
    user_name          text        NOT NULL,
    event_time         timestamptz NOT NULL,
    business_date      date        NOT NULL,
    source_kind        text        NOT NULL,
    source_id          text        NOT NULL,
    execution_status   text,
    PRIMARY KEY (statement_id, access_no)
);

CREATE INDEX table_access_table_date ON table_access (table_name, business_date);
CREATE INDEX table_access_user_date ON table_access (user_name, business_date);
CREATE INDEX table_access_time_travel ON table_access (table_name, event_time) WHERE time_travel_kind IS NOT NULL;

-- Rollup per business day x table x user x role x query source. Rebuilt from the facts for every
-- (day, table) a batch touches, so it always equals what the facts say.
CREATE TABLE usage_daily (
    business_date          date        NOT NULL,
    table_name             text        NOT NULL,
    user_name              text        NOT NULL,
    role                   text        NOT NULL,
    source_kind            text        NOT NULL,
    source_id              text        NOT NULL,
    statements             bigint      NOT NULL,
    time_travel_statements bigint      NOT NULL,
    first_event            timestamptz NOT NULL,
    last_event             timestamptz NOT NULL,
    PRIMARY KEY (table_name, business_date, user_name, role, source_kind, source_id)
);

CREATE INDEX usage_daily_user ON usage_daily (user_name, business_date);
CREATE INDEX usage_daily_date ON usage_daily (business_date);

-- Rollup per business day x table: what rankings and trends read.
CREATE TABLE table_daily (
    business_date      date        NOT NULL,
    table_name         text        NOT NULL,
    reads              bigint      NOT NULL,
    writes             bigint      NOT NULL,
    time_travel_reads  bigint      NOT NULL,
    readers            integer     NOT NULL,
    writers            integer     NOT NULL,
    users              integer     NOT NULL,
    last_read          timestamptz,
    last_write         timestamptz,
    PRIMARY KEY (table_name, business_date)
);

CREATE INDEX table_daily_date ON table_daily (business_date);

CREATE TABLE ingestion_run (
    id                   bigserial   PRIMARY KEY,
    kind                 text        NOT NULL,
    status               text        NOT NULL,
    window_start         timestamptz,
    window_end           timestamptz,
    started_at           timestamptz NOT NULL,
    heartbeat_at         timestamptz NOT NULL,
    finished_at          timestamptz,
    rows_read            bigint      NOT NULL DEFAULT 0,
    rows_changed         bigint      NOT NULL DEFAULT 0,
    statements_analysed  bigint      NOT NULL DEFAULT 0,
    unanalysable         bigint      NOT NULL DEFAULT 0,
    batches              integer     NOT NULL DEFAULT 0,
    error                text,
    zero_rows_alert      boolean     NOT NULL DEFAULT false,
    node                 text        NOT NULL
);

-- At most one run at a time across all replicas: a second trigger fails on this index (answered 409).
CREATE UNIQUE INDEX ingestion_run_one_running ON ingestion_run ((true)) WHERE status = 'RUNNING';
CREATE INDEX ingestion_run_started ON ingestion_run (started_at DESC);

CREATE TABLE ingestion_watermark (
    source       text        NOT NULL PRIMARY KEY,
    watermark    timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    last_run_id  bigint
);
