-- Statements whose column facts are to be resolved again against the column inventory. A column sync that
-- adds or removes columns of a table queues, in its own transaction, the statements that used the table at
-- a time the inventory listed none of its columns (those were resolved against the columns it lists now,
-- or not at all); after it commits, the queue is drained in batches. A drain that stops leaves the rest
-- queued for the next sync.
CREATE TABLE column_resolution_queue (
    source       text NOT NULL,
    statement_id text NOT NULL,
    PRIMARY KEY (source, statement_id)
);

-- Renames (ALTER TABLE a RENAME TO b, and ALTER VIEW, which the analyser counts as ALTER TABLE): the view
-- graph follows a view renamed under its new name. A rename writes both names, so its second access is
-- what tells it from the other ALTER TABLE forms; the graph reads this index and the few facts it points to.
CREATE INDEX table_access_renames ON table_access (event_time) WHERE statement_kind = 'ALTER_TABLE' AND access_no = 1;
