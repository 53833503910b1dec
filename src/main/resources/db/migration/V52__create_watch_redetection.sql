-- What watch events could not be raised in the transaction that should have raised them (that transaction
-- committed without them): the statements of an ingestion batch (FACTS, by source) or the tables a catalog
-- sync found dropped (DROPPED, with when). A job of the watches raises them later, from the statements'
-- stored facts or from the tables' reads; a row stays, with its attempts and the last error, until that
-- succeeds.
CREATE TABLE watch_redetection (
    id              bigserial   PRIMARY KEY,
    kind            text        NOT NULL CHECK (kind IN ('FACTS', 'DROPPED')),
    source          text,
    names           text[]      NOT NULL,
    happened_at     timestamptz NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text
);

CREATE INDEX watch_redetection_due ON watch_redetection (next_attempt_at);
