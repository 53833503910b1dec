-- How many rows a run's window holds, so that a run can say how far it is: the source's count of the
-- window, or, where the source could not count it, an estimate from the source's previous runs.
ALTER TABLE ingestion_run ADD COLUMN rows_expected bigint, ADD COLUMN rows_expected_estimated boolean NOT NULL DEFAULT false;
