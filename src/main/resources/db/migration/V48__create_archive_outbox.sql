-- The lakehouse archive's outbox: the statements whose stored detail (history row, analysis, facts, column
-- facts) changed and is still to be written to the archive's Delta tables. Appended in the transaction that
-- changed the detail, with no conflict to check, so the ingestion batch pays one insert; a statement changed
-- twice is queued twice and written once. The archiver removes exactly the entries it wrote, so a change
-- queued while it wrote stays queued.
CREATE TABLE archive_outbox (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source       text        NOT NULL,
    statement_id text        NOT NULL,
    queued_at    timestamptz NOT NULL DEFAULT now()
);

-- what the archiver reads, oldest first, per source
CREATE INDEX archive_outbox_source ON archive_outbox (source, id);

-- whether a statement is still to be archived (detail retention sheds only archived statements)
CREATE INDEX archive_outbox_statement ON archive_outbox (source, statement_id);

-- Per source: where its archive is, which archive schema version it has, who writes it (a lease, so one
-- replica writes a source's archive at a time and another takes over when it dies), and how writing goes.
CREATE TABLE archive_source (
    source              text        NOT NULL PRIMARY KEY,
    schema_name         text        NOT NULL,
    schema_version      integer     NOT NULL DEFAULT 0,
    -- the statements stored before the archive was enabled are queued once, when the source's row is made
    queued_existing_at  timestamptz NOT NULL,
    holder              text,
    lease_until         timestamptz,
    failures            integer     NOT NULL DEFAULT 0,
    next_attempt_at     timestamptz NOT NULL,
    last_error          text,
    last_error_at       timestamptz,
    last_written_at     timestamptz,
    statements_written  bigint      NOT NULL DEFAULT 0
);
