-- A re-read window (every run's overlap, a backfill) asks the store which of a batch's rows it already holds.
-- It asks by the batch's range of times: a window is stored in the order it is read, so the range lies on a
-- few adjacent pages, where a look-up by primary key reads a page of its own for each row (a disk read each
-- once the store is larger than memory). Rows arrive in time order, so these indexes grow at their right end.
CREATE INDEX query_history_update ON query_history (source, update_time);
CREATE INDEX engine_lineage_event ON engine_lineage (source, event_time);
