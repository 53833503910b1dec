-- The sources whose history the demo workload made up: a real source of the same name must not go on from the
-- demo's watermark (it would skip its own history) nor mix its facts with the demo's, so a start refuses it.
CREATE TABLE demo_source (
    source     text        PRIMARY KEY,
    marked_at  timestamptz NOT NULL DEFAULT now()
);
