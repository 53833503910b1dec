-- Rollups for impact reports and table lists, kept exactly equal to the facts like usage_daily.

-- Per business day: statements that read source_table and wrote target_table (INSERT ... SELECT,
-- MERGE ... USING, CTAS). Impact reports read downstream and upstream tables from here instead of
-- self-joining the facts of a busy table.
CREATE TABLE table_lineage_daily (
    business_date date        NOT NULL,
    source_table  text        NOT NULL,
    target_table  text        NOT NULL,
    statements    bigint      NOT NULL,
    last_event    timestamptz NOT NULL,
    PRIMARY KEY (source_table, business_date, target_table)
);

CREATE INDEX table_lineage_daily_target ON table_lineage_daily (target_table, business_date);

-- One row per table ever read or written: name resolution, table lists and unused tables read it
-- instead of scanning table_daily.
CREATE TABLE table_summary (
    table_name      text        NOT NULL PRIMARY KEY,
    first_date      date        NOT NULL,
    last_date       date        NOT NULL,
    reads           bigint      NOT NULL,
    writes          bigint      NOT NULL,
    last_read       timestamptz,
    last_write      timestamptz,
    last_read_date  date,
    last_write_date date
);

-- Writers with their statement kinds come from the facts; writes are a small part of them.
CREATE INDEX table_access_writes ON table_access (table_name, business_date)
    INCLUDE (user_name, statement_kind) WHERE role = 'WRITE';

-- Facts stored before these rollups existed.
INSERT INTO table_lineage_daily (business_date, source_table, target_table, statements, last_event)
SELECT r.business_date, r.table_name, w.table_name, count(DISTINCT r.statement_id), max(r.event_time)
FROM table_access r
JOIN table_access w ON w.statement_id = r.statement_id AND w.role = 'WRITE' AND w.table_name <> r.table_name
WHERE r.role = 'READ'
GROUP BY r.business_date, r.table_name, w.table_name;

INSERT INTO table_summary (table_name, first_date, last_date, reads, writes, last_read, last_write,
    last_read_date, last_write_date)
SELECT table_name, min(business_date), max(business_date), sum(reads), sum(writes), max(last_read),
       max(last_write), max(business_date) FILTER (WHERE reads > 0), max(business_date) FILTER (WHERE writes > 0)
FROM table_daily
GROUP BY table_name;
