-- The statements that read two given views, found by their names: the answers look up only the sets that
-- hold two views reaching one table, instead of reading every set of the window.
CREATE INDEX view_read_set_daily_views ON view_read_set_daily USING gin (views);
