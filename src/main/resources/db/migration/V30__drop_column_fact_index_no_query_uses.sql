-- Column facts are read by statement (the primary key) and, for the rollups, by (table, day)
-- (column_access_table_date); no query reads them by (table, column, day) any more, and every
-- ingested column fact paid for this index.
DROP INDEX column_access_column;
