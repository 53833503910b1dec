-- Before a watch raises NEW_READER (NEW_WRITER) for a principal's access, it asks whether it raised the same event
-- for a later day inside the window already (a late, long statement of the day before arrives after the day's
-- read): one range of keys per access, "type|table|principal|" followed by the days. The keys compare by their
-- bytes here, so that a range of them is exactly the keys that begin with the prefix.
CREATE INDEX watch_event_key_bytes ON watch_event (watch_id, event_key COLLATE "C");
