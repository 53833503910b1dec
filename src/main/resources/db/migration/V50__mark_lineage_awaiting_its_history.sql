-- A run stores the engine's lineage before it reads its history window, so that each statement's facts are
-- derived once, with both witnesses. Whether a lineage row's statement is in the history (or the row stands
-- for a statement of its own) is known only after that window: until the run has decided it, the row's key
-- waits here. A run that dies in between leaves its keys, and the next run decides. A table of its own keeps
-- engine_lineage insert-only.
CREATE TABLE lineage_awaiting_history (
    source      text NOT NULL,
    lineage_key text NOT NULL,
    PRIMARY KEY (source, lineage_key)
);
