-- Session events are replaced per statement in every batch; without this the delete scans them all.
CREATE INDEX session_event_statement ON session_event (statement_id);
