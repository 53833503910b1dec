-- The usage of a day as the rollups held it when its push to DataHub began, in short (tables, reads, writes,
-- users): a pushed day whose usage changed since (late statements, a backfill, ingestion that caught up after
-- an outage) is pushed again. Days pushed before this column existed have none, and are pushed once more
-- while they are within push-days.
ALTER TABLE datahub_usage_push ADD COLUMN fingerprint text;
