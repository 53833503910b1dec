-- Several sources of query history (system.query.history is regional: one connection per region). Their
-- statement ids are unique only within a source, so everything keyed on statement_id is keyed on
-- (source, statement_id) instead, and runs, watermarks and the engine lineage are kept per source.
-- Everything stored so far came from the single source of before, which is the source named 'default'.

ALTER TABLE query_history ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE query_history ALTER COLUMN source DROP DEFAULT;
ALTER TABLE query_history DROP CONSTRAINT query_history_pkey;
ALTER TABLE query_history ADD PRIMARY KEY (source, statement_id);
-- a session id is a source's too
DROP INDEX query_history_session;
CREATE INDEX query_history_session ON query_history (source, session_id, start_time) WHERE session_id IS NOT NULL;

ALTER TABLE session_event ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE session_event ALTER COLUMN source DROP DEFAULT;
ALTER TABLE session_event DROP CONSTRAINT session_event_pkey;
ALTER TABLE session_event ADD PRIMARY KEY (source, session_id, start_time, statement_id);
DROP INDEX session_event_statement;
CREATE INDEX session_event_statement ON session_event (source, statement_id);

ALTER TABLE table_access ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE table_access ALTER COLUMN source DROP DEFAULT;
ALTER TABLE table_access DROP CONSTRAINT table_access_pkey;
ALTER TABLE table_access ADD PRIMARY KEY (source, statement_id, access_no);

-- one RUNNING run per source (re-analysis runs are a source's too)
ALTER TABLE ingestion_run ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE ingestion_run ALTER COLUMN source DROP DEFAULT;
DROP INDEX ingestion_run_one_running;
CREATE UNIQUE INDEX ingestion_run_one_running ON ingestion_run (source) WHERE status = 'RUNNING';
CREATE INDEX ingestion_run_source_started ON ingestion_run (source, started_at DESC);

-- the watermark's key was what it tracks (query_history); it becomes the stream of a source
ALTER TABLE ingestion_watermark RENAME COLUMN source TO stream;
ALTER TABLE ingestion_watermark ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE ingestion_watermark ALTER COLUMN source DROP DEFAULT;
ALTER TABLE ingestion_watermark DROP CONSTRAINT ingestion_watermark_pkey;
ALTER TABLE ingestion_watermark ADD PRIMARY KEY (source, stream);

-- The engine lineage is a source's too (system.access.table_lineage is regional like the history): its
-- rows, the disagreements of its statements and the indexes that find them by statement id.
ALTER TABLE engine_lineage ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE engine_lineage ALTER COLUMN source DROP DEFAULT;
ALTER TABLE engine_lineage DROP CONSTRAINT engine_lineage_pkey;
ALTER TABLE engine_lineage ADD PRIMARY KEY (source, lineage_key);
DROP INDEX engine_lineage_statement;
CREATE INDEX engine_lineage_statement ON engine_lineage (source, statement_id) WHERE statement_id IS NOT NULL;

ALTER TABLE lineage_disagreement ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE lineage_disagreement ALTER COLUMN source DROP DEFAULT;
ALTER TABLE lineage_disagreement DROP CONSTRAINT lineage_disagreement_pkey;
ALTER TABLE lineage_disagreement ADD PRIMARY KEY (source, statement_id);

DROP INDEX query_history_cache_origin;
CREATE INDEX query_history_cache_origin ON query_history (source, cache_origin_statement_id)
    WHERE cache_origin_statement_id IS NOT NULL;
DROP INDEX query_history_masked;
CREATE INDEX query_history_masked ON query_history (source, statement_id)
    WHERE analysis_status IN ('REDACTED', 'EMPTY');
DROP INDEX table_access_lineage_only;
CREATE INDEX table_access_lineage_only ON table_access (source, statement_id) WHERE witness = 'ENGINE_LINEAGE';

-- What statements did to shares is a statement's, like its facts. The exposure history is folded from each
-- source's events on their own: a share lives in one region's metastore, so a REMOVE in one source never
-- closes what an ADD of the same names opened in another, and added_statement and removed_statement are
-- statement ids of the period's source, which becomes part of the period's key.
ALTER TABLE share_event ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE share_event ALTER COLUMN source DROP DEFAULT;
ALTER TABLE share_event DROP CONSTRAINT share_event_pkey;
ALTER TABLE share_event ADD PRIMARY KEY (source, statement_id, event_no);

ALTER TABLE table_share ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE table_share ALTER COLUMN source DROP DEFAULT;
ALTER TABLE table_share DROP CONSTRAINT table_share_pkey;
ALTER TABLE table_share ADD PRIMARY KEY (source, table_name, share_name, added_at, added_statement);

ALTER TABLE column_access ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE column_access ALTER COLUMN source DROP DEFAULT;
ALTER TABLE column_access DROP CONSTRAINT column_access_pkey;
ALTER TABLE column_access ADD PRIMARY KEY (source, statement_id, table_name, column_name, role, resolution);

-- The statements behind a table's figures (queries, cost and co-read rollups) are found through its facts
-- and joined to their history rows and other facts on (source, statement_id): the source is included so
-- that stays an index-only scan.
DROP INDEX table_access_statements;
CREATE INDEX table_access_statements ON table_access (table_name, business_date) INCLUDE (source, statement_id, role);

-- Not keyed by source, because they hold no statement ids: the rollups (column_daily, read_cost_daily,
-- table_cost_daily, user_cost_daily, co_read_daily count every source's statements, as the other rollups
-- do), and statement_analysis and the inventories, which are keyed by text hash and table name.
