-- What statements cost, attributed to the tables they read, and which tables are read together; kept
-- exactly equal to the facts and the newest history row of each statement, like the other rollups.
--
-- A statement's total_duration_ms and read_bytes are split evenly over the distinct tables it read:
-- each gets floor(value / n), and the first (value mod n) tables by name one more, so the shares add up
-- to the statement's figures exactly. Statements that only write carry no read cost. A history row
-- without a duration (still RUNNING) or with a negative one counts 0 until a newer row brings it.
-- numeric, not bigint: sums of hostile values must not overflow and fail a batch.

-- Per business day x table x user.
CREATE TABLE read_cost_daily (
    business_date date    NOT NULL,
    table_name    text    NOT NULL,
    user_name     text    NOT NULL,
    duration_ms   numeric NOT NULL,
    read_bytes    numeric NOT NULL,
    PRIMARY KEY (table_name, business_date, user_name) INCLUDE (duration_ms, read_bytes)
);

-- What one user's reads cost per table (the user's tables view).
CREATE INDEX read_cost_daily_user ON read_cost_daily (user_name, business_date)
    INCLUDE (table_name, duration_ms, read_bytes);

-- Per business day x table: daily usage, rankings, schema usage.
CREATE TABLE table_cost_daily (
    business_date date    NOT NULL,
    table_name    text    NOT NULL,
    duration_ms   numeric NOT NULL,
    read_bytes    numeric NOT NULL,
    PRIMARY KEY (table_name, business_date) INCLUDE (duration_ms, read_bytes)
);

-- Ranking tables by cost sums every table's row of the window.
CREATE INDEX table_cost_daily_ranking ON table_cost_daily (business_date)
    INCLUDE (table_name, duration_ms, read_bytes);

-- Per business day x user: the ranking of users (by cost: every user's rows of the window; by
-- accesses: the chosen users' rows).
CREATE TABLE user_cost_daily (
    business_date date    NOT NULL,
    user_name     text    NOT NULL,
    duration_ms   numeric NOT NULL,
    read_bytes    numeric NOT NULL,
    PRIMARY KEY (user_name, business_date) INCLUDE (duration_ms, read_bytes)
);

CREATE INDEX user_cost_daily_ranking ON user_cost_daily (business_date) INCLUDE (user_name, duration_ms, read_bytes);

-- Per business day: statements that read table_name and other_table (in a join, a subquery, a union:
-- anywhere in one statement). Both directions are stored, so a table's partners are one range scan.
CREATE TABLE co_read_daily (
    business_date date        NOT NULL,
    table_name    text        NOT NULL,
    other_table   text        NOT NULL,
    statements    bigint      NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (table_name, business_date, other_table) INCLUDE (statements, last_event)
);

-- The statements behind a table's figures are found through its facts of the window: with the
-- statement id and role included that is an index-only scan. It replaces the index on the same key,
-- so ingestion maintains no more indexes than before.
CREATE INDEX table_access_statements ON table_access (table_name, business_date) INCLUDE (statement_id, role);
DROP INDEX table_access_table_date;

-- Facts stored before these rollups existed.
INSERT INTO read_cost_daily (business_date, table_name, user_name, duration_ms, read_bytes)
SELECT r.business_date, r.table_name, r.user_name,
       sum(d.value / r.n + CASE WHEN r.k < d.value % r.n THEN 1 ELSE 0 END),
       sum(b.value / r.n + CASE WHEN r.k < b.value % r.n THEN 1 ELSE 0 END)
FROM (SELECT a.statement_id, a.table_name, a.business_date, a.user_name,
             row_number() OVER (PARTITION BY a.statement_id ORDER BY a.table_name) - 1 AS k,
             count(*) OVER (PARTITION BY a.statement_id) AS n
      FROM (SELECT DISTINCT statement_id, table_name, business_date, user_name
            FROM table_access WHERE role = 'READ') a) r
LEFT JOIN query_history h ON h.statement_id = r.statement_id
CROSS JOIN LATERAL (SELECT greatest(coalesce(h.total_duration_ms, 0), 0) AS value) d
CROSS JOIN LATERAL (SELECT greatest(coalesce(h.read_bytes, 0), 0) AS value) b
GROUP BY r.business_date, r.table_name, r.user_name;

INSERT INTO table_cost_daily (business_date, table_name, duration_ms, read_bytes)
SELECT business_date, table_name, sum(duration_ms), sum(read_bytes)
FROM read_cost_daily GROUP BY business_date, table_name;

INSERT INTO user_cost_daily (business_date, user_name, duration_ms, read_bytes)
SELECT business_date, user_name, sum(duration_ms), sum(read_bytes)
FROM read_cost_daily GROUP BY business_date, user_name;

INSERT INTO co_read_daily (business_date, table_name, other_table, statements, last_event)
SELECT r.business_date, r.table_name, o.table_name, count(DISTINCT r.statement_id), max(r.event_time)
FROM table_access r
JOIN table_access o ON o.statement_id = r.statement_id AND o.role = 'READ' AND o.table_name <> r.table_name
WHERE r.role = 'READ'
GROUP BY r.business_date, r.table_name, o.table_name;
