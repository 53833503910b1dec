-- The (day, table) pairs whose facts changed since their rollup rows were last rebuilt from them. A batch
-- records its pairs in its own transaction, so the backlog is exactly as durable as the facts: whatever
-- dies, the next catch-up rebuilds every pair that a committed batch touched. The upsert of a pair locks
-- its row until the batch commits, which keeps a catch-up from taking the pair while the batch's facts
-- are still invisible to it.
CREATE TABLE rollup_backlog (
    business_date date NOT NULL,
    table_name text NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (business_date, table_name)
);
