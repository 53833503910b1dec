-- The business days whose usage is pushed to DataHub's GMS, one row per day. A day's proposals are sent in the
-- feed's table order, and pushed_through names the last table GMS accepted: a push that stopped (GMS down, a
-- replica gone) resumes after it, and a day that is PUSHED is never sent again, across restarts and replicas.
CREATE TABLE datahub_usage_push (
    business_date   date        PRIMARY KEY,
    status          text        NOT NULL DEFAULT 'PENDING',
    pushed_through  text,
    proposals       integer     NOT NULL DEFAULT 0,
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    -- a replica's claim: until then no other replica pushes the day; one that died holding it loses it then
    claimed_by      uuid,
    lease_until     timestamptz,
    last_attempt_at timestamptz,
    last_error      text,
    pushed_at       timestamptz
);

-- what the pusher looks for
CREATE INDEX datahub_usage_push_pending ON datahub_usage_push (next_attempt_at) WHERE status = 'PENDING';
