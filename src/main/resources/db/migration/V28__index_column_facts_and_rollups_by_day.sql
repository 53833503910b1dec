-- Rollups are rebuilt per (day, table) pair: these find a pair's column facts and column rollup rows
-- without reading the table's other days.
CREATE INDEX column_access_table_date ON column_access (table_name, business_date);
CREATE INDEX column_source_daily_table_date ON column_source_daily (table_name, business_date);
CREATE INDEX column_downstream_daily_table_date ON column_downstream_daily (table_name, business_date);
