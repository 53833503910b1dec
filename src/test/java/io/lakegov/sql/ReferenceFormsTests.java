package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Databricks-only expressions and clauses inside the statements that move data (pipelines, merges, CTEs, inserts),
 * and Delta commands used as queries, written from the Databricks SQL reference.
 */
class ReferenceFormsTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        SELECT * FROM (DESCRIBE HISTORY main.sales.orders) | main.sales.orders | ""
        SELECT version, timestamp FROM (DESCRIBE HISTORY orders LIMIT 5) WHERE operation = 'MERGE' | orders | ""
        SELECT max(version) FROM (DESCRIBE HISTORY delta.`/data/events`) | delta./data/events | ""
        WITH h AS (SELECT * FROM (DESCRIBE HISTORY a.b)) SELECT * FROM h JOIN c ON h.version = c.v | a.b,c | ""
        INSERT INTO audit.history SELECT * FROM (DESCRIBE HISTORY main.sales.orders) | main.sales.orders | audit.history
        DESCRIBE HISTORY main.sales.orders LIMIT :n | main.sales.orders | ""
        DESCRIBE HISTORY IDENTIFIER('main.sales.orders') | main.sales.orders | ""
        DESCRIBE history.orders | history.orders | ""
        DESCRIBE history | history | ""
        DESCRIBE DETAIL '/data/events' | delta./data/events | ""
        VACUUM main.sales.orders USING INVENTORY (SELECT * FROM inv.files WHERE d = '2026-01-01') RETAIN 168 HOURS | inv.files | main.sales.orders
        VACUUM orders USING INVENTORY inv.files | inv.files | orders
        VACUUM orders USING INVENTORY (WITH f AS (SELECT path, length, isDir, modificationTime FROM inv.files) SELECT * FROM f) DRY RUN | inv.files | orders
        VACUUM orders LITE | "" | orders
        VACUUM orders RETAIN 100 HOURS DRY RUN | "" | orders
        SELECT id, raw:customer.address[0].city::string AS city FROM bronze.events QUALIFY row_number() OVER (PARTITION BY id ORDER BY ts DESC) = 1 | bronze.events | ""
        WITH latest AS (SELECT * FROM bronze.events QUALIFY rank() OVER (PARTITION BY id ORDER BY ts DESC) = 1) SELECT raw:a::int FROM latest | bronze.events | ""
        MERGE INTO silver.customers t USING (SELECT id, raw:name::string AS name FROM bronze.customers QUALIFY row_number() OVER (PARTITION BY id ORDER BY ts DESC) = 1) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT * | bronze.customers | silver.customers
        MERGE WITH SCHEMA EVOLUTION INTO silver.customers t USING bronze.customers s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED BY SOURCE THEN DELETE | bronze.customers | silver.customers
        MERGE INTO IDENTIFIER('silver.customers') t USING IDENTIFIER(:src) s ON t.id = s.id WHEN MATCHED THEN DELETE | "" | silver.customers
        MERGE INTO t USING (SELECT * FROM s WHERE d = :day) src ON t.id = src.id WHEN NOT MATCHED THEN INSERT * | s | t
        INSERT INTO sales.daily REPLACE WHERE d >= :start SELECT * FROM staging.daily WHERE d >= :start | staging.daily | sales.daily
        INSERT INTO sales.daily REPLACE USING (d) SELECT * FROM staging.daily | staging.daily | sales.daily
        INSERT WITH SCHEMA EVOLUTION INTO sales.daily BY NAME SELECT * FROM staging.daily | staging.daily | sales.daily
        INSERT INTO IDENTIFIER('sales.daily') SELECT * FROM IDENTIFIER('staging.daily') | staging.daily | sales.daily
        WITH s AS (SELECT * FROM staging.daily WHERE d = :d) INSERT INTO sales.daily SELECT * FROM s | staging.daily | sales.daily
        CREATE OR REFRESH STREAMING TABLE silver.events AS SELECT raw:id::bigint AS id, raw:tags[0] AS tag FROM STREAM(bronze.events) | bronze.events | silver.events
        CREATE OR REFRESH MATERIALIZED VIEW gold.latest AS SELECT * FROM silver.events QUALIFY row_number() OVER (PARTITION BY id ORDER BY ts DESC) = 1 | silver.events | gold.latest
        CREATE OR REFRESH MATERIALIZED VIEW gold.v AS WITH x AS (SELECT id::string AS id FROM silver.a) SELECT * FROM x JOIN silver.b USING (id) | silver.a,silver.b | gold.v
        CREATE FLOW f AS INSERT INTO silver.events BY NAME SELECT raw:id::bigint AS id FROM STREAM bronze.events | bronze.events | silver.events
        CREATE FLOW f AS AUTO CDC INTO silver.c FROM (SELECT *, raw:op::string AS op FROM STREAM(bronze.c) QUALIFY true) KEYS (id) APPLY AS DELETE WHEN op = 'D' SEQUENCE BY ts | bronze.c | silver.c
        COPY INTO sales.raw FROM (SELECT _c0::int AS id, _c1 AS name FROM '/Volumes/main/raw/sales') FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true', 'inferSchema' = 'true') COPY_OPTIONS ('mergeSchema' = 'true', 'force' = 'false') | "" | sales.raw
        COPY INTO sales.raw FROM 's3://bucket/raw' WITH (CREDENTIAL (AWS_ACCESS_KEY = 'k', AWS_SECRET_KEY = 's') ENCRYPTION (TYPE = 'AWS_SSE_C', MASTER_KEY = 'm')) FILEFORMAT = JSON PATTERN = '*.json' VALIDATE 10 ROWS | "" | sales.raw
        COPY INTO IDENTIFIER(:target) FROM '/Volumes/main/raw/x' FILEFORMAT = PARQUET FILES = ('a.parquet', 'b.parquet') | "" | ""
        COPY INTO IDENTIFIER('sales.raw') FROM '/Volumes/main/raw/x' FILEFORMAT = PARQUET | "" | sales.raw
        CACHE SELECT id, raw:a::int FROM bronze.events WHERE d = :d | bronze.events | ""
        CACHE SELECT * FROM (SELECT * FROM a QUALIFY row_number() OVER (ORDER BY ts) = 1) JOIN b USING (id) | a,b | ""
        LIST '/Volumes/main/raw/sales' LIMIT 10 | "" | ""
        SELECT * FROM IDENTIFIER(concat(:catalog, '.sales.orders')) | "" | ""
        SELECT * FROM IDENTIFIER(:schema_name '.orders') JOIN main.a.b USING (id) | main.a.b | ""
        SELECT * FROM IDENTIFIER('main' '.sales.orders') | main.sales.orders | ""
        SELECT * FROM main.sales.orders WHERE id = :id AND d > :start::date | main.sales.orders | ""
        SELECT e.raw:items[*].sku FROM bronze.events e | bronze.events | ""
        SELECT raw:['key with space'] FROM bronze.events | bronze.events | ""
        UPDATE silver.a SET v = raw:v::int WHERE id IN (SELECT id FROM silver.b QUALIFY rank() OVER (ORDER BY ts) = 1) | silver.b | silver.a
        DELETE FROM silver.a WHERE id IN (SELECT id::bigint FROM silver.b WHERE d = :d) | silver.b | silver.a
        """)
    void findsTheTablesAroundTheForm(String sql, String reads, String writes) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isNotEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(Golden.names(analysis.reads())).as("reads").isEqualTo(reads);
        assertThat(Golden.names(analysis.writes())).as("writes").isEqualTo(writes);
    }
}
