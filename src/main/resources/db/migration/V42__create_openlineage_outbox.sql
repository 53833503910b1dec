-- The OpenLineage feed's outbox: one row per statement of a source that touched a table and finished, written
-- in the transaction that wrote the statement's facts and sent afterwards. The digest is that of what the
-- statement's event says (its tables, roles, witnesses and outcome): facts derived again that say the same
-- leave the row alone, facts that say something else (a re-analysis that changed the tables) make it PENDING
-- again with a new place in the source's order. Rows stay after they were sent, so that a statement is sent
-- once per distinct content however often its facts are written.
CREATE SEQUENCE openlineage_event_seq;

CREATE TABLE openlineage_event (
    source       text        NOT NULL,
    statement_id text        NOT NULL,
    digest       text        NOT NULL,
    -- the order in which a source's events leave: taken from openlineage_event_seq at every (re-)enqueue
    seq          bigint      NOT NULL,
    -- PENDING, SENT, SKIPPED (no table left when it was its turn) or REJECTED (the consumer refused it)
    status       text        NOT NULL,
    -- the statement's start, what backfills select by
    event_time   timestamptz NOT NULL,
    enqueued_at  timestamptz NOT NULL,
    sent_at      timestamptz,
    PRIMARY KEY (source, statement_id)
);

-- what the sender reads, in order, and the backlog
CREATE INDEX openlineage_event_pending ON openlineage_event (source, seq) WHERE status = 'PENDING';

-- Per source: the sender's lease (one sender per source across replicas), where the feed stands (the last
-- statement sent), and the last failure with when the next attempt is due.
CREATE TABLE openlineage_cursor (
    source            text        PRIMARY KEY,
    lease_owner       text,
    lease_until       timestamptz,
    last_statement_id text,
    last_event_time   timestamptz,
    last_sent_at      timestamptz,
    sent              bigint      NOT NULL DEFAULT 0,
    rejected          bigint      NOT NULL DEFAULT 0,
    -- failed attempts in a row; 0 after a success
    failures          integer     NOT NULL DEFAULT 0,
    last_error        text,
    last_error_at     timestamptz,
    next_attempt_at   timestamptz NOT NULL DEFAULT now()
);
