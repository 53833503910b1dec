-- Watches: who wants to hear of which events on which tables, and where to deliver them. The secret signs
-- every delivery, so it is kept as it was generated; the API shows it once.
CREATE TABLE watch (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text        NOT NULL,
    tables     text[]      NOT NULL,
    events     text[]      NOT NULL,
    url        text        NOT NULL,
    format     text        NOT NULL,
    secret     text        NOT NULL,
    created_at timestamptz NOT NULL,
    created_by text        NOT NULL
);

-- The outbox: one row per (watch, event key), written in the transaction that raised the event and sent
-- afterwards. No foreign key to watch: an ingestion batch must never fail because a watch was deleted on
-- another replica while it ran; events are inserted by joining the watch, and deleted with it.
CREATE TABLE watch_event (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    watch_id        bigint      NOT NULL,
    event_key       text        NOT NULL,
    type            text        NOT NULL,
    payload         jsonb       NOT NULL,
    created_at      timestamptz NOT NULL,
    status          text        NOT NULL DEFAULT 'PENDING',
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    -- a sender's claim: until then no other sender takes the event; a sender that died holding it loses it then
    lease_until     timestamptz,
    finished_at     timestamptz,
    UNIQUE (watch_id, event_key)
);

-- what the senders look for, and the outbox's age
CREATE INDEX watch_event_pending ON watch_event (next_attempt_at) WHERE status = 'PENDING';

CREATE INDEX watch_event_by_watch ON watch_event (watch_id, id);

-- Every attempt to deliver an event, with the receiver's answer.
CREATE TABLE watch_attempt (
    event_id      bigint      NOT NULL REFERENCES watch_event (id) ON DELETE CASCADE,
    attempt       integer     NOT NULL,
    attempted_at  timestamptz NOT NULL,
    outcome       text        NOT NULL,
    response_code integer,
    error         text,
    PRIMARY KEY (event_id, attempt)
);

-- Conditions watched by flips (ingestion health, masked share): the last value seen by any replica, so that
-- one flip raises one event whichever replica notices it.
CREATE TABLE watch_state (
    name       text PRIMARY KEY,
    value      text        NOT NULL,
    changed_at timestamptz NOT NULL
);

-- Bumped after every committed change of watches or deprecation marks: each replica compares it with the
-- version of the watches it holds in memory once per ingestion batch. A sequence, so that emptying the
-- tables (tests) never takes it back.
CREATE SEQUENCE watch_version;
SELECT nextval('watch_version');
