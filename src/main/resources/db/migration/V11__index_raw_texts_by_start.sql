-- The raw text purge finds texts past their retention through this index; rows without a raw text
-- (the default, and every purged row) are not in it.
CREATE INDEX query_history_raw_text_start ON query_history ((coalesce(start_time, update_time)))
    WHERE statement_text IS NOT NULL;
