-- Rollups of the column facts for a column's impact, kept exactly equal to the facts by the ingestion,
-- the re-analysis and the column re-resolution (io.lakegov.usage.ColumnImpactRollups). Each is backfilled
-- in one set-based pass, inserted in key order so that a table's rows lie together.
SET LOCAL work_mem = '512MB';

-- A CREATE [MATERIALIZED] VIEW IF NOT EXISTS defines nothing when the view exists: the analysis says so (from
-- analyser 1.6 on); the analyses kept from before are told by their redacted text, which starts that way.
ALTER TABLE statement_analysis ADD COLUMN only_if_absent boolean NOT NULL DEFAULT false;

UPDATE statement_analysis SET only_if_absent = true
WHERE kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW')
  AND redacted_sql ~* '^\s*create\s+(or\s+refresh\s+)?(materialized\s+)?view\s+if\s+not\s+exists\s';

-- Certain reads and writes per business day x table x column x role x query source.
CREATE TABLE column_source_daily (
    table_name    text        NOT NULL,
    column_name   text        NOT NULL,
    business_date date        NOT NULL,
    role          text        NOT NULL,
    source_kind   text        NOT NULL,
    source_id     text        NOT NULL,
    statements    bigint      NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (table_name, column_name, business_date, role, source_kind, source_id)
        INCLUDE (statements, last_event)
);

INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id, statements,
    last_event)
SELECT table_name, column_name, business_date, role, source_kind, source_id, count(*), max(event_time)
FROM column_access
WHERE resolution = 'RESOLVED'
GROUP BY table_name, column_name, business_date, role, source_kind, source_id
ORDER BY table_name, column_name, business_date, role, source_kind, source_id;

-- Tables written by statements that certainly read the column (the column's table and views apart), per
-- business day of the read.
CREATE TABLE column_downstream_daily (
    table_name    text        NOT NULL,
    column_name   text        NOT NULL,
    business_date date        NOT NULL,
    target_table  text        NOT NULL,
    statements    bigint      NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (table_name, column_name, business_date, target_table) INCLUDE (statements, last_event)
);

INSERT INTO column_downstream_daily (table_name, column_name, business_date, target_table, statements, last_event)
SELECT r.table_name, r.column_name, r.business_date, w.table_name, count(DISTINCT (r.source, r.statement_id)),
       max(r.event_time)
FROM column_access r
JOIN (SELECT DISTINCT source, statement_id, table_name FROM table_access
      WHERE role = 'WRITE'
        AND (statement_kind IS NULL OR statement_kind NOT IN ('CREATE_VIEW', 'ALTER_VIEW', 'CREATE_MATERIALIZED_VIEW',
                                                              'CREATE_METRIC_VIEW'))) w
    ON w.source = r.source AND w.statement_id = r.statement_id AND w.table_name <> r.table_name
WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
GROUP BY r.table_name, r.column_name, r.business_date, w.table_name
ORDER BY r.table_name, r.column_name, r.business_date, w.table_name;

-- Each view's latest definition in the history: the latest finished CREATE [OR REPLACE] VIEW, CREATE
-- MATERIALIZED VIEW, metric view or ALTER VIEW ... AS (one that reads a table) writing it, where CREATE VIEW
-- IF NOT EXISTS counts only when the view did not exist then (its previous event is a drop, or it has none).
CREATE TABLE view_latest_definition (
    view_name    text        PRIMARY KEY,
    source       text        NOT NULL,
    statement_id text        NOT NULL,
    defined_at   timestamptz NOT NULL
);

CREATE INDEX view_latest_definition_statement ON view_latest_definition (source, statement_id);

-- The columns each view's latest definition certainly reads: replaced per view when its latest definition
-- changes or that statement's column facts do.
CREATE TABLE column_view_reads (
    table_name  text        NOT NULL,
    column_name text        NOT NULL,
    view_name   text        NOT NULL,
    defined_at  timestamptz NOT NULL,
    PRIMARY KEY (table_name, column_name, view_name) INCLUDE (defined_at)
);

CREATE INDEX column_view_reads_view ON column_view_reads (view_name);

INSERT INTO view_latest_definition (view_name, source, statement_id, defined_at)
WITH events AS (
    SELECT w.table_name AS view_name, w.source, w.statement_id, w.event_time, w.statement_kind LIKE 'DROP%' AS dropped,
           EXISTS (SELECT 1 FROM query_history q
                   JOIN statement_analysis s ON s.text_hash = q.text_hash AND s.analyzer_version = q.analyzer_version
                   WHERE q.source = w.source AND q.statement_id = w.statement_id AND s.only_if_absent) AS if_absent
    FROM table_access w
    WHERE w.statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW',
                               'DROP_VIEW', 'DROP_TABLE')
      AND w.role = 'WRITE' AND coalesce(w.execution_status, 'FINISHED') = 'FINISHED'
      AND (w.statement_kind <> 'ALTER_VIEW' OR EXISTS (
          SELECT 1 FROM table_access r WHERE r.source = w.source AND r.statement_id = w.statement_id
            AND r.role = 'READ' AND r.table_name <> w.table_name))),
ordered AS (
    SELECT *, lag(dropped) OVER (PARTITION BY view_name ORDER BY event_time, source, statement_id) AS after_drop
    FROM events)
SELECT DISTINCT ON (view_name) view_name, source, statement_id, event_time
FROM ordered
WHERE NOT dropped AND (NOT if_absent OR after_drop IS NULL OR after_drop)
ORDER BY view_name, event_time DESC, source DESC, statement_id DESC;

INSERT INTO column_view_reads (table_name, column_name, view_name, defined_at)
SELECT DISTINCT r.table_name, r.column_name, v.view_name, v.defined_at
FROM view_latest_definition v
JOIN column_access r ON r.source = v.source AND r.statement_id = v.statement_id
WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
ORDER BY r.table_name, r.column_name, v.view_name;

-- The uncertain references of a table (AMBIGUOUS, UNRESOLVED, UNKNOWN: a few per cent of the rollup), for
-- the impact's and the columns' counts of them without reading every certain row of the table.
CREATE INDEX column_daily_uncertain ON column_daily (table_name, business_date)
    INCLUDE (column_name, role, resolution, statements) WHERE resolution <> 'RESOLVED';
