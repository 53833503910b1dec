-- The table whose usage proposal GMS failed (5xx, no answer) in the day's last rounds while it took a later
-- one, and in how many rounds in a row. After lakegov.datahub.give-up-after such rounds the proposal is given
-- up (counted in given_up), so that one proposal GMS cannot store holds up its day no longer; rounds in which
-- GMS took nothing (it was down) do not count.
ALTER TABLE datahub_usage_push ADD COLUMN stuck_table text, ADD COLUMN stuck_rounds integer NOT NULL DEFAULT 0,
    ADD COLUMN given_up integer NOT NULL DEFAULT 0;
