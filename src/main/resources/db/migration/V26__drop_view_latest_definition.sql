-- A column's views come from the view graph (io.lakegov.views), which follows drops, renames and the
-- inventory's view definitions, and reads its current definitions' columns from the column facts of their
-- statements: the rollups of each view's latest CREATE VIEW in the history are no longer read or kept.
DROP TABLE column_view_reads;
DROP TABLE view_latest_definition;
