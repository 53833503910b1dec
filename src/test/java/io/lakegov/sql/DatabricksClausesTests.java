package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Databricks expressions, clauses and commands beyond Spark's grammar, from the Databricks SQL reference. */
class DatabricksClausesTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        SELECT raw:customer.address[0].city::string AS city FROM bronze.events | READ:bronze.events | SELECT
        SELECT raw:['a b'].c, raw:a.b::int FROM t1 WHERE raw:kind::string = 'x' | READ:t1 | SELECT
        SELECT a, b FROM t2 QUALIFY row_number() OVER (PARTITION BY a ORDER BY b DESC) = 1 | READ:t2 | SELECT
        INSERT INTO tgt REPLACE WHERE d >= '2026-01-01' SELECT * FROM src | READ:src WRITE:tgt | INSERT
        INSERT INTO tgt REPLACE USING (d) SELECT * FROM src | READ:src WRITE:tgt | INSERT
        INSERT WITH SCHEMA EVOLUTION INTO tgt SELECT * FROM src | READ:src WRITE:tgt | INSERT
        MERGE WITH SCHEMA EVOLUTION INTO tgt USING src ON tgt.id = src.id WHEN MATCHED THEN UPDATE SET * | READ:src WRITE:tgt | MERGE
        MERGE INTO tgt USING src ON tgt.id = src.id WHEN MATCHED THEN UPDATE SET * EXCEPT (loaded_at) WHEN NOT MATCHED THEN INSERT * EXCEPT (loaded_at) | READ:src WRITE:tgt | MERGE
        COPY INTO main.a.t FROM (SELECT _c0::int AS id, _c1 FROM 's3://bucket/in') FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true') COPY_OPTIONS ('mergeSchema' = 'true') | WRITE:main.a.t | COPY_INTO
        COPY INTO t FROM 's3://bucket/in' WITH (CREDENTIAL (AWS_ACCESS_KEY = 'k', AWS_SECRET_KEY = 's')) FILEFORMAT = JSON PATTERN = '*.json' | WRITE:t | COPY_INTO
        CACHE SELECT * FROM main.a.boxes WHERE weight > 10 | READ:main.a.boxes | CACHE_SELECT
        SELECT * FROM IDENTIFIER('main.a.b') WHERE x = :threshold | READ:main.a.b | SELECT
        CREATE TABLE masked (ssn STRING MASK main.f.mask_ssn USING COLUMNS (region, 'x'), region STRING) USING DELTA CLUSTER BY AUTO | WRITE:masked | CREATE_TABLE
        CREATE OR REPLACE TABLE filtered WITH ROW FILTER main.f.eu_only ON (region) AS SELECT * FROM staging | READ:staging WRITE:filtered | CTAS
        CREATE TABLE secured (a INT) USING DELTA LOCATION 's3://bucket/secured' WITH (CREDENTIAL cred) | WRITE:secured | CREATE_TABLE
        ANALYZE TABLE main.a.t COMPUTE DELTA STATISTICS | READ:main.a.t | ANALYZE
        MSCK REPAIR TABLE main.a.t SYNC METADATA | WRITE:main.a.t | REPAIR_TABLE
        FSCK REPAIR TABLE main.a.t DRY RUN | WRITE:main.a.t | FSCK
        CREATE BLOOMFILTER INDEX ON TABLE main.a.t FOR COLUMNS (c OPTIONS (fpp = 0.1, numItems = 5000)) | WRITE:main.a.t | CREATE_INDEX
        DROP BLOOMFILTER INDEX ON main.a.t FOR COLUMNS (c) | WRITE:main.a.t | DROP_INDEX
        SYNC TABLE main.a.t FROM hive_metastore.a.t | READ:hive_metastore.a.t WRITE:main.a.t | SYNC_TABLE
        UNDROP TABLE main.a.t | WRITE:main.a.t | UNDROP
        UNDROP TABLE WITH ID '6d4ba9b6-96a3-4b2f-9d2e-0a3f1c6b7e11' | "" | UNDROP
        SHOW TABLES DROPPED IN main.a | "" | SHOW_TABLES_DROPPED
        REFRESH FOREIGN TABLE main.a.pg_orders | WRITE:main.a.pg_orders | REFRESH
        CREATE WIDGET TEXT table_name DEFAULT 'orders' | "" | CREATE_WIDGET
        CREATE WIDGET DROPDOWN env DEFAULT 'dev' CHOICES SELECT DISTINCT env FROM config.envs | READ:config.envs | CREATE_WIDGET
        REMOVE WIDGET table_name | "" | REMOVE_WIDGET
        """)
    void findsTheTablesAroundDatabricksClauses(String sql, String accesses, String kind) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
        assertThat(analysis.kind()).isEqualTo(kind);
    }

    @Test
    void listsAPathNotATable() {
        Analysis analysis = Golden.analyze("LIST '/Volumes/main/raw/landing' LIMIT 10");

        assertThat(analysis.kind()).isEqualTo("LIST");
        assertThat(analysis.accesses()).isEmpty();
        assertThat(analysis.paths()).containsExactly("/Volumes/main/raw/landing");
    }

    @Test
    void reportsADynamicIdentifierAsPartialWithoutGuessing() {
        Analysis analysis = Golden.analyze("SELECT * FROM IDENTIFIER(:catalog || '.sales.' || :table)");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.PARTIAL);
        assertThat(analysis.reason()).contains("dynamic table name");
        assertThat(analysis.accesses()).isEmpty();
    }

    @Test
    void blanksDatabricksClausesOnlyWhereSparkRefusesTheStatement() {
        Analysis analysis = Golden.analyze("SELECT mask, once FROM cluster_by_auto");

        assertThat(analysis.stage()).isEqualTo("spark-grammar");
        assertThat(Golden.accesses(analysis)).isEqualTo("READ:cluster_by_auto");
    }
}
