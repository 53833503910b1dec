-- Statements the store has never seen are copied straight into query_history; the times lakegov
-- records for them come from the same transaction clock as those of upserted rows.
ALTER TABLE query_history
    ALTER COLUMN first_seen_at SET DEFAULT now(),
    ALTER COLUMN last_changed_at SET DEFAULT now();
