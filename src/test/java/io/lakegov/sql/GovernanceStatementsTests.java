package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Delta Sharing, Unity Catalog objects, privileges and table governance, from the Databricks SQL reference. */
class GovernanceStatementsTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        CREATE SHARE IF NOT EXISTS customer_share COMMENT 'for partners' | "" | CREATE_SHARE
        ALTER SHARE customer_share ADD TABLE main.sales.orders AS sales.orders WITH HISTORY | SHARE:main.sales.orders | ALTER_SHARE_ADD
        ALTER SHARE customer_share ADD main.sales.items | SHARE:main.sales.items | ALTER_SHARE_ADD
        ALTER SHARE s ADD TABLE main.a.b PARTITION (region = 'EU') AS a.b | SHARE:main.a.b | ALTER_SHARE_ADD
        ALTER SHARE s ADD VIEW main.a.v COMMENT 'shared view' | SHARE:main.a.v | ALTER_SHARE_ADD
        ALTER SHARE s ADD MATERIALIZED VIEW main.a.mv | SHARE:main.a.mv | ALTER_SHARE_ADD
        ALTER SHARE s UPDATE TABLE main.a.b WITHOUT HISTORY | SHARE:main.a.b | ALTER_SHARE_UPDATE
        ALTER SHARE s REMOVE TABLE main.a.b | SHARE:main.a.b | ALTER_SHARE_REMOVE
        ALTER SHARE s ADD SCHEMA main.a | "" | ALTER_SHARE_ADD
        ALTER SHARE s ADD VOLUME main.a.landing | "" | ALTER_SHARE_ADD
        ALTER SHARE s ADD MODEL main.a.churn | "" | ALTER_SHARE_ADD
        ALTER SHARE s RENAME TO s2 | "" | ALTER_SHARE_RENAME
        ALTER SHARE s OWNER TO `data-team` | "" | ALTER_SHARE
        DROP SHARE IF EXISTS s | "" | DROP_SHARE
        SHOW ALL IN SHARE s | "" | SHOW_SHARE
        SHOW SHARES | "" | SHOW_SHARES
        DESCRIBE SHARE s | "" | DESCRIBE_SHARE
        DESCRIBE RECIPIENT partner | "" | DESCRIBE_RECIPIENT
        CREATE RECIPIENT IF NOT EXISTS partner USING ID 'aws:us-west-2:19a84bee-54bc-43a2-87de-023d0ec16016' | "" | CREATE_RECIPIENT
        ALTER RECIPIENT partner RENAME TO partner2 | "" | ALTER_RECIPIENT
        DROP RECIPIENT partner | "" | DROP_RECIPIENT
        DROP PROVIDER acme | "" | DROP_PROVIDER
        CREATE CONNECTION pg TYPE postgresql OPTIONS (host 'db.example.com', port '5432', user secret('s', 'u'), password secret('s', 'p')) | "" | CREATE_CONNECTION
        DROP CONNECTION pg | "" | DROP_CONNECTION
        CREATE EXTERNAL LOCATION landing URL 's3://bucket/landing' WITH (STORAGE CREDENTIAL cred) COMMENT 'landing zone' | "" | CREATE_EXTERNAL_LOCATION
        ALTER EXTERNAL LOCATION landing OWNER TO `admins` | "" | ALTER_EXTERNAL_LOCATION
        DESCRIBE EXTERNAL LOCATION landing | "" | DESCRIBE_EXTERNAL_LOCATION
        DROP STORAGE CREDENTIAL cred | "" | DROP_STORAGE_CREDENTIAL
        CREATE VOLUME main.a.files COMMENT 'files' | "" | CREATE_VOLUME
        CREATE EXTERNAL VOLUME main.a.ext LOCATION 's3://bucket/v' | "" | CREATE_EXTERNAL_VOLUME
        ALTER VOLUME main.a.files SET OWNER TO `x` | "" | ALTER_VOLUME
        DROP VOLUME main.a.files | "" | DROP_VOLUME
        DESCRIBE VOLUME main.a.files | "" | DESCRIBE_VOLUME
        CREATE CATALOG IF NOT EXISTS sales MANAGED LOCATION 's3://bucket/sales' | "" | CREATE_CATALOG
        CREATE FOREIGN CATALOG pg_cat USING CONNECTION pg OPTIONS (database 'shop') | "" | CREATE_FOREIGN_CATALOG
        ALTER CATALOG sales SET OWNER TO `x` | "" | ALTER_CATALOG
        ALTER SCHEMA main.a SET TAGS ('domain' = 'sales') | "" | ALTER_SCHEMA
        CREATE GROUP analysts WITH USER `a@example.com` | "" | CREATE_GROUP
        ALTER GROUP analysts ADD USER `b@example.com` | "" | ALTER_GROUP
        DROP GROUP analysts | "" | DROP_GROUP
        ALTER FUNCTION main.f.mask_ssn OWNER TO `x` | "" | ALTER_FUNCTION
        UNDROP SCHEMA main.a | "" | UNDROP_SCHEMA
        REFRESH FOREIGN CATALOG pg_cat | "" | REFRESH_FOREIGN_CATALOG
        CREATE EXTERNAL /* a comment */ LOCATION x URL 's3://b/x' WITH (STORAGE CREDENTIAL c) | "" | CREATE_EXTERNAL_LOCATION
        CREATE POLICY hide_pii ON SCHEMA main.a COLUMN MASK main.f.mask TO `users` FOR TABLES MATCH COLUMNS hasTag('pii') AS c ON COLUMN c | "" | CREATE_POLICY
        CREATE POLICY eu_only ON TABLE main.a.orders ROW FILTER main.f.eu TO `users` FOR TABLES | GRANT:main.a.orders | CREATE_POLICY
        DROP POLICY hide_pii ON SCHEMA main.a | "" | DROP_POLICY
        COMMENT ON SHARE s IS 'partner data' | "" | COMMENT
        COMMENT ON CATALOG sales IS 'sales' | "" | COMMENT
        COMMENT ON COLUMN main.a.orders.amount IS 'in euros' | WRITE:main.a.orders | COMMENT
        SHOW GRANTS ON TABLE main.a.orders | READ:main.a.orders | SHOW_GRANTS
        SHOW GRANTS ON main.a.orders | READ:main.a.orders | SHOW_GRANTS
        SHOW GRANTS `a@example.com` ON TABLE main.a.orders | READ:main.a.orders | SHOW_GRANTS
        SHOW GRANTS ON SCHEMA main.a | "" | SHOW_GRANTS
        SHOW GRANTS ON SHARE s | "" | SHOW_GRANTS
        SHOW GRANTS TO RECIPIENT partner | "" | SHOW_GRANTS
        GRANT SELECT, MODIFY ON TABLE main.a.orders TO `writers` | GRANT:main.a.orders | GRANT
        GRANT SELECT ON main.a.orders TO `readers` | GRANT:main.a.orders | GRANT
        GRANT SELECT ON MATERIALIZED VIEW main.a.mv TO `readers` | GRANT:main.a.mv | GRANT
        REVOKE ALL PRIVILEGES ON VIEW main.a.v FROM `readers` | GRANT:main.a.v | REVOKE
        DENY SELECT ON TABLE legacy_t TO `u` | GRANT:legacy_t | DENY
        GRANT USE SCHEMA ON SCHEMA main.a TO `readers` | "" | GRANT
        GRANT CREATE MATERIALIZED VIEW ON SCHEMA main.a TO `writers` | "" | GRANT
        GRANT SELECT ON SHARE s TO RECIPIENT partner | "" | GRANT
        GRANT CREATE CATALOG ON METASTORE TO `admins` | "" | GRANT
        GRANT SELECT ON ANY FILE TO `u` | "" | GRANT
        GRANT READ FILES ON EXTERNAL LOCATION landing TO `g` | "" | GRANT
        GRANT ACCESS ON SERVICE CREDENTIAL svc TO `g` | "" | GRANT
        GRANT EXECUTE ON PROCEDURE main.a.p TO `g` | "" | GRANT
        GRANT EXECUTE ON REGISTERED MODEL main.a.m TO `g` | "" | GRANT
        ALTER TABLE main.a.b ALTER COLUMN ssn SET MASK main.f.mask USING COLUMNS (region) | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b ALTER COLUMN ssn DROP MASK | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b SET ROW FILTER main.f.rf ON (region) | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b DROP ROW FILTER | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b SET TAGS ('pii' = 'true') | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b UNSET TAGS ('pii') | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b ALTER COLUMN c SET TAGS ('k' = 'v') | WRITE:main.a.b | ALTER_TABLE
        ALTER TABLE main.a.b SET OWNER TO `owners` | WRITE:main.a.b | ALTER_TABLE
        ALTER VIEW main.a.v OWNER TO `owners` | WRITE:main.a.v | ALTER_VIEW
        CREATE TABLE orders (id INT, customer_id INT, CONSTRAINT fk FOREIGN KEY (customer_id) REFERENCES main.a.customers (id)) | REFERENCE:main.a.customers WRITE:orders | CREATE_TABLE
        CREATE TABLE items (id INT PRIMARY KEY, order_id INT REFERENCES orders) | REFERENCE:orders WRITE:items | CREATE_TABLE
        ALTER TABLE orders ADD CONSTRAINT fk2 FOREIGN KEY (customer_id) REFERENCES main.a.customers (id) NOT ENFORCED RELY | REFERENCE:main.a.customers WRITE:orders | ALTER_TABLE
        ALTER TABLE orders ADD CONSTRAINT fk3 FOREIGN KEY (a, b) REFERENCES parent (a, b) MATCH FULL ON UPDATE NO ACTION ON DELETE NO ACTION | REFERENCE:parent WRITE:orders | ALTER_TABLE
        """)
    void findsOnlyTheTablesOfGovernanceStatements(String sql, String accesses, String kind) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
        assertThat(analysis.kind()).isEqualTo(kind);
    }
}
