-- Every ingested row paid for these two indexes and no query uses them: re-analysis walks the primary
-- key instead (keyset on statement_id), and nothing in the store selects history by update_time (the
-- source is read by update_time, not the store).
DROP INDEX IF EXISTS query_history_analysis;
DROP INDEX IF EXISTS query_history_update_time;
