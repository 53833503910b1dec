-- Rollups without the query-source dimension, derived from usage_daily and kept exactly equal to it.
-- A busy table has one usage_daily row per user and query source (the hottest: 2,000 users x 16
-- sources, ~92,000 rows a month), so readers, impact reports and rankings that aggregated usage_daily
-- paid for the source dimension even when they did not need it.

-- Per business day x table x user x role. Every fact of a statement carries the statement's one query
-- source, so summing usage_daily over the sources counts each statement once.
CREATE TABLE table_user_daily (
    business_date          date        NOT NULL,
    table_name             text        NOT NULL,
    user_name              text        NOT NULL,
    role                   text        NOT NULL,
    statements             bigint      NOT NULL,
    time_travel_statements bigint      NOT NULL,
    first_event            timestamptz NOT NULL,
    last_event             timestamptz NOT NULL,
    -- the counters included: readers and writers of a table are an index-only scan of its range
    PRIMARY KEY (table_name, business_date, role, user_name)
        INCLUDE (statements, time_travel_statements, first_event, last_event)
);

-- What one user read and wrote, and the distinct tables of the most active users.
CREATE INDEX table_user_daily_user ON table_user_daily (user_name, business_date)
    INCLUDE (table_name, role, statements, time_travel_statements, last_event);

-- Distinct readers of every table over a window (ranking by users).
CREATE INDEX table_user_daily_readers ON table_user_daily (business_date)
    INCLUDE (table_name, user_name) WHERE role = 'READ';

-- Per business day x table x role x query source: the sources part of an impact report.
CREATE TABLE table_source_daily (
    business_date date        NOT NULL,
    table_name    text        NOT NULL,
    role          text        NOT NULL,
    source_kind   text        NOT NULL,
    source_id     text        NOT NULL,
    statements    bigint      NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (table_name, business_date, role, source_kind, source_id) INCLUDE (statements, last_event)
);

-- Per business day x user: table accesses read and written, what the ranking of users sorts by.
CREATE TABLE user_daily (
    business_date date   NOT NULL,
    user_name     text   NOT NULL,
    reads         bigint NOT NULL,
    writes        bigint NOT NULL,
    PRIMARY KEY (business_date, user_name) INCLUDE (reads, writes)
);

-- The query sources of one page of readers: only those users' rows, not the whole table's window.
CREATE INDEX usage_daily_user_sources ON usage_daily (table_name, user_name, role, business_date)
    INCLUDE (source_kind, source_id);

-- Reports, per-user views and rankings now read the rollups above; usage_daily is read only by the
-- rebuild (primary key) and the sources lookup, so these indexes cost every batch and serve nothing.
DROP INDEX usage_daily_table_report;
DROP INDEX usage_daily_user;
DROP INDEX usage_daily_date;

-- Ranking by reads sums every table's row of the window: an index-only scan instead of heap visits.
CREATE INDEX table_daily_ranking ON table_daily (business_date)
    INCLUDE (table_name, reads, writes, time_travel_reads);
DROP INDEX table_daily_date;

-- Bumped in every transaction that changes usage facts: an answer computed at a generation stays true
-- until the next one, on every replica.
CREATE TABLE store_generation (
    id         boolean PRIMARY KEY DEFAULT true CHECK (id),
    generation bigint  NOT NULL
);
INSERT INTO store_generation (id, generation) VALUES (true, 1);

INSERT INTO table_user_daily (business_date, table_name, user_name, role, statements, time_travel_statements,
    first_event, last_event)
SELECT business_date, table_name, user_name, role, sum(statements), sum(time_travel_statements),
       min(first_event), max(last_event)
FROM usage_daily
GROUP BY business_date, table_name, user_name, role
ORDER BY business_date, table_name;

INSERT INTO table_source_daily (business_date, table_name, role, source_kind, source_id, statements, last_event)
SELECT business_date, table_name, role, source_kind, source_id, sum(statements), max(last_event)
FROM usage_daily
GROUP BY business_date, table_name, role, source_kind, source_id
ORDER BY business_date, table_name;

INSERT INTO user_daily (business_date, user_name, reads, writes)
SELECT business_date, user_name, coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0),
       coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0)
FROM table_user_daily
WHERE role IN ('READ', 'WRITE')
GROUP BY business_date, user_name;

ANALYZE table_user_daily;
ANALYZE table_source_daily;
ANALYZE user_daily;
