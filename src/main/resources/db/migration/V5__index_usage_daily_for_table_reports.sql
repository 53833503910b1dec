-- Readers, writers and impact reports read one table's usage_daily rows over a window. The primary
-- key starts with (table_name, business_date) but lacks the counters, so a busy table (tens of
-- thousands of rows a month) cost a heap visit per row, and the planner preferred scanning the whole
-- window of every table through usage_daily_date instead. With the counters included, the report
-- is an index-only scan of the table's range.
CREATE INDEX usage_daily_table_report ON usage_daily (table_name, business_date)
    INCLUDE (role, user_name, source_kind, source_id, statements, time_travel_statements, first_event, last_event);
