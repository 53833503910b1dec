-- Detail retention: the business days before shed_before are closed. Their per-statement detail (history rows,
-- facts, column facts, session events, engine lineage) leaves the store once the lakehouse archive holds it;
-- their rollups stay and no longer change. One row, made when the horizon first moves; batches read it with a
-- share lock, so the horizon moves only between batches.
CREATE TABLE detail_horizon (
    singleton          boolean     NOT NULL PRIMARY KEY DEFAULT true CHECK (singleton),
    shed_before        date,
    moved_at           timestamptz,
    statements_shed    bigint      NOT NULL DEFAULT 0,
    facts_shed         bigint      NOT NULL DEFAULT 0,
    column_facts_shed  bigint      NOT NULL DEFAULT 0,
    last_shed_at       timestamptz,
    -- statements before the horizon still in the store: waiting for the archive, or kept as evidence
    statements_held    bigint      NOT NULL DEFAULT 0
);
INSERT INTO detail_horizon DEFAULT VALUES;

-- rows of closed days a run read: counted, not stored (their days' rollups are closed)
ALTER TABLE ingestion_run ADD COLUMN rows_closed bigint NOT NULL DEFAULT 0;

-- the shedder finds a closed day's statements by start time; these few rows have none
CREATE INDEX query_history_no_start ON query_history (update_time) WHERE start_time IS NULL;
