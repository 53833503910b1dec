-- How many events the consumer refused in a row since it last accepted one: a consumer that refuses
-- everything (a wrong endpoint, a proxy) makes the sender wait as for one that is down, instead of setting
-- the whole backlog aside.
ALTER TABLE openlineage_cursor ADD COLUMN rejected_in_row integer NOT NULL DEFAULT 0;
