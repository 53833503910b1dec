-- What one user read and wrote is answered from table_user_daily (V8); nothing selects facts by user
-- any more, while every ingested fact paid for this index.
DROP INDEX IF EXISTS table_access_user_date;
