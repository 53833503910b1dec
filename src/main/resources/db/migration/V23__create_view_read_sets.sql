-- Every name that is or was a view (what view statements define or rename, every view of the inventory):
-- a superset of the view graph's names, which only grows.
CREATE TABLE view_name (
    table_name text PRIMARY KEY
);

-- Per day, user and query source kind: the statements that read exactly this set of two or more of those
-- names. The answers tell from it the statements that reached one table through two views, whatever the
-- view graph says then, and count them once.
CREATE TABLE view_read_set_daily (
    business_date date NOT NULL,
    user_name text NOT NULL,
    source_kind text NOT NULL,
    views text[] NOT NULL,
    statements bigint NOT NULL,
    PRIMARY KEY (business_date, user_name, source_kind, views)
);

-- rows a batch emptied, removed in the same batch
CREATE INDEX view_read_set_daily_empty ON view_read_set_daily (business_date) WHERE statements = 0;

SET LOCAL work_mem = '512MB';

-- through the partial indexes of view statements and renames
INSERT INTO view_name (table_name)
SELECT table_name FROM table_access
WHERE statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW')
  AND role = 'WRITE'
UNION
SELECT a.table_name FROM table_access n
JOIN table_access a ON a.source = n.source AND a.statement_id = n.statement_id AND a.role = 'WRITE'
WHERE n.statement_kind = 'ALTER_TABLE' AND n.access_no = 1
UNION
SELECT full_name FROM view_inventory
ORDER BY 1;

-- one pass over the reads of those names (the index of each table's days), the user and query source kind
-- looked up only for the statements that read two of them
INSERT INTO view_read_set_daily (business_date, user_name, source_kind, views, statements)
SELECT s.business_date, u.user_name, u.source_kind, s.views, count(*)
FROM (SELECT a.source, a.statement_id, a.business_date,
             array_agg(DISTINCT a.table_name ORDER BY a.table_name) AS views
      FROM view_name n
      JOIN table_access a ON a.table_name = n.table_name AND a.role = 'READ'
      GROUP BY a.source, a.statement_id, a.business_date
      HAVING count(DISTINCT a.table_name) > 1) s
JOIN LATERAL (SELECT f.user_name, f.source_kind FROM table_access f
              WHERE f.source = s.source AND f.statement_id = s.statement_id LIMIT 1) u ON true
GROUP BY s.business_date, u.user_name, u.source_kind, s.views
ORDER BY 1, 2, 3, 4;
