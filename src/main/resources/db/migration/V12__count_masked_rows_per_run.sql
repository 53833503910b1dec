-- Rows whose statement text the source masked (<REDACTED>) or left empty, per run: their usage rests on
-- nothing lakegov can parse, and a share of them above the configured one needs a grant.
ALTER TABLE ingestion_run ADD COLUMN rows_masked bigint NOT NULL DEFAULT 0;
