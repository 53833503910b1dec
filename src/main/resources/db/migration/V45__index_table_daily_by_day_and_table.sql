-- The daily usage feed pages through every table's days in (business_date, table_name) order, resuming after
-- the last pair a page returned: with the table in the key, a page is one range scan of this index from that
-- pair on, where an index on the day alone sorted every table of the cursor's day for every page. Names are
-- ordered by their bytes (collation "C"), so the feed's order does not depend on the database's locale. Rankings
-- read a window of days of this index just as they read the index it replaces (the same leading column and
-- counters), so ingestion maintains one index on table_daily's days, not two.
CREATE INDEX table_daily_by_day ON table_daily (business_date, table_name COLLATE "C")
    INCLUDE (reads, writes, time_travel_reads, lineage_only_reads, users);
DROP INDEX table_daily_ranking;
