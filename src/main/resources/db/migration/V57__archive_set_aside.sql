-- A statement the archive's warehouse refuses on its own, while it takes the others, is set aside so that it
-- no longer holds up the statements queued behind it. It stays queued (detail retention keeps it in the
-- store), is tried again alone from set_aside_until on, and the warehouse's refusal is kept with it.
ALTER TABLE archive_outbox ADD COLUMN set_aside_until timestamptz, ADD COLUMN refusal text;

-- the statements set aside, per source, by when they are due again
CREATE INDEX archive_outbox_set_aside ON archive_outbox (source, set_aside_until) WHERE set_aside_until IS NOT NULL;

-- How many statements the source's next batch may hold: a failed batch narrows it to a tenth, so that a
-- statement the warehouse refuses ends up alone; each batch written doubles it again. Null: the configured
-- lakegov.archive.batch-statements.
ALTER TABLE archive_source ADD COLUMN batch_limit integer;
