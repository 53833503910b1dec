-- The engine's own lineage (system.access.table_lineage) as a second witness of what each statement
-- touched, beside the parsed text.

-- One row per lineage row of the source. The source's table has no id: lineage_key is the SHA-256 of
-- the row's identifying columns (statement, entity and its run, source and target names and paths,
-- created_by, event_time), so re-reading a window changes nothing.
CREATE TABLE engine_lineage (
    lineage_key            text        NOT NULL PRIMARY KEY,
    statement_id           text,
    source_table_full_name text,
    source_type            text,
    source_path            text,
    target_table_full_name text,
    target_type            text,
    target_path            text,
    entity_type            text,
    entity_id              text,
    entity_run_id          text,
    entity_metadata        jsonb,
    created_by             text,
    event_time             timestamptz NOT NULL,
    event_date             date,
    extra_columns          jsonb,
    first_seen_at          timestamptz NOT NULL,
    ingestion_run_id       bigint
);

CREATE INDEX engine_lineage_statement ON engine_lineage (statement_id) WHERE statement_id IS NOT NULL;

-- Which witness each fact rests on: PARSED (the text), ENGINE_LINEAGE (lineage alone) or BOTH.
ALTER TABLE table_access ADD COLUMN witness text NOT NULL DEFAULT 'PARSED';

-- Statements whose facts rest on lineage alone, in every rollup an answer reads (kept equal to the facts).
ALTER TABLE usage_daily ADD COLUMN lineage_only_statements bigint NOT NULL DEFAULT 0;
ALTER TABLE table_user_daily ADD COLUMN lineage_only_statements bigint NOT NULL DEFAULT 0;
ALTER TABLE table_source_daily ADD COLUMN lineage_only_statements bigint NOT NULL DEFAULT 0;
ALTER TABLE table_daily ADD COLUMN lineage_only_reads bigint NOT NULL DEFAULT 0;
ALTER TABLE table_daily ADD COLUMN lineage_only_writes bigint NOT NULL DEFAULT 0;
ALTER TABLE user_daily ADD COLUMN lineage_only bigint NOT NULL DEFAULT 0;

-- A result-cache hit takes the lineage of the statement that filled the cache.
CREATE INDEX query_history_cache_origin ON query_history (cache_origin_statement_id)
    WHERE cache_origin_statement_id IS NOT NULL;

-- Masked statements, for the count of those no lineage covers (the remaining gap).
CREATE INDEX query_history_masked ON query_history (statement_id)
    WHERE analysis_status IN ('REDACTED', 'EMPTY');

-- Statements both witnesses saw, that disagree on the tables: the tables each side saw.
CREATE TABLE lineage_disagreement (
    statement_id   text        NOT NULL PRIMARY KEY,
    event_time     timestamptz NOT NULL,
    user_name      text        NOT NULL,
    parsed_tables  text[]      NOT NULL,
    lineage_tables text[]      NOT NULL
);

CREATE INDEX lineage_disagreement_time ON lineage_disagreement (event_time DESC, statement_id);

-- What the lineage part of each run read, and why it did not when it could not.
ALTER TABLE ingestion_run ADD COLUMN lineage_rows_read bigint NOT NULL DEFAULT 0;
ALTER TABLE ingestion_run ADD COLUMN lineage_rows_new bigint NOT NULL DEFAULT 0;
ALTER TABLE ingestion_run ADD COLUMN lineage_status text;
ALTER TABLE ingestion_run ADD COLUMN lineage_error text;

-- Facts resting on lineage alone, for counting the statements only the lineage knows.
CREATE INDEX table_access_lineage_only ON table_access (statement_id) WHERE witness = 'ENGINE_LINEAGE';

-- Readers, writers, impact reports and rankings read the lineage-only counts beside the others: the
-- indexes that serve them as index-only scans include them too (same keys, so the upserts' conflict
-- targets are unchanged).
ALTER TABLE table_user_daily DROP CONSTRAINT table_user_daily_pkey,
    ADD PRIMARY KEY (table_name, business_date, role, user_name)
        INCLUDE (statements, time_travel_statements, first_event, last_event, lineage_only_statements);
ALTER TABLE table_source_daily DROP CONSTRAINT table_source_daily_pkey,
    ADD PRIMARY KEY (table_name, business_date, role, source_kind, source_id)
        INCLUDE (statements, last_event, lineage_only_statements);
ALTER TABLE user_daily DROP CONSTRAINT user_daily_pkey,
    ADD PRIMARY KEY (business_date, user_name) INCLUDE (reads, writes, lineage_only);
DROP INDEX table_daily_ranking;
CREATE INDEX table_daily_ranking ON table_daily (business_date)
    INCLUDE (table_name, reads, writes, time_travel_reads, lineage_only_reads);
