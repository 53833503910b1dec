-- Delta tables with a history: several versions, changed retention settings, a VACUUM.
CREATE DATABASE IF NOT EXISTS sales;

CREATE TABLE sales.orders (id BIGINT, amount DOUBLE, region STRING) USING delta;
INSERT INTO sales.orders VALUES (1, 10.0, 'eu');
INSERT INTO sales.orders VALUES (2, 20.0, 'us');
UPDATE sales.orders SET amount = 11.0 WHERE id = 1;
ALTER TABLE sales.orders SET TBLPROPERTIES (
    'delta.logRetentionDuration' = 'interval 60 days',
    'delta.deletedFileRetentionDuration' = 'interval 14 days');
ALTER TABLE sales.orders SET TBLPROPERTIES ('delta.deletedFileRetentionDuration' = 'interval 1 hours');
-- removes the files of the versions before the UPDATE: time travel to them now fails
VACUUM sales.orders RETAIN 0 HOURS;

CREATE TABLE sales.customers (id BIGINT, name STRING) USING delta
    TBLPROPERTIES ('delta.logRetentionDuration' = 'interval 7 days');
INSERT INTO sales.customers VALUES (1, 'Ada'), (2, 'Grace')
