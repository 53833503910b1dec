package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IssueStatementsTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        CREATE OR REFRESH STREAMING TABLE products_history SCHEDULE REFRESH EVERY 1 DAY FLOW AUTO CDC FROM STREAM products WITH (readChangeFeed = true) KEYS (product_id) APPLY AS DELETE WHEN _change_type = 'delete' SEQUENCE BY _commit_timestamp COLUMNS * EXCEPT (_change_type, _commit_version, _commit_timestamp) STORED AS SCD TYPE 2 | products | products_history | CREATE_STREAMING_TABLE
        CREATE OR REPLACE MATERIALIZED VIEW products_by_category SCHEDULE REFRESH EVERY 1 DAY AS SELECT category, COUNT(*) AS active_products FROM products_history WHERE __END_AT IS NULL GROUP BY category | products_history | products_by_category | CREATE_MATERIALIZED_VIEW
        CREATE FLOW f AS AUTO CDC INTO dim_account FROM STREAM(bronze_account) KEYS (id) SEQUENCE BY ts | bronze_account | dim_account | CREATE_FLOW
        APPLY CHANGES INTO live.target FROM stream(live.source) KEYS (id) SEQUENCE BY ts | live.source | live.target | APPLY_CHANGES
        COPY INTO sales FROM '/Volumes/main/raw/sales' FILEFORMAT = CSV | "" | sales | COPY_INTO
        SELECT raw:customer.id FROM bronze.events | bronze.events | "" | SELECT
        SELECT * FROM table_changes('bronze.sales_transactions', '2026-01-01', '2026-01-31') | bronze.sales_transactions | "" | SELECT
        SELECT * FROM bronze.sales_transactions TIMESTAMP AS OF '2026-01-15 14:30:00' | bronze.sales_transactions | "" | SELECT
        SELECT * FROM bronze.sales_transactions VERSION AS OF 42 | bronze.sales_transactions | "" | SELECT
        SELECT * FROM events@v12 | events | "" | SELECT
        DESCRIBE HISTORY bronze.sales_transactions | bronze.sales_transactions | "" | DESCRIBE_HISTORY
        RESTORE TABLE t TO VERSION AS OF 2 | "" | t | RESTORE
        CREATE TABLE t2 SHALLOW CLONE t VERSION AS OF 3 | t | t2 | CLONE
        MERGE INTO t USING src s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT * | src | t | MERGE
        """)
    void analysesEveryStatementOfTheIssue(String sql, String reads, String writes, String kind) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo(reads);
        assertThat(Golden.names(analysis.writes())).isEqualTo(writes);
        assertThat(analysis.kind()).isEqualTo(kind);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        SELECT * FROM table_changes('bronze.sales_transactions', '2026-01-01', '2026-01-31') | bronze.sales_transactions:timestamp:2026-01-01:table_changes
        SELECT * FROM table_changes('s.t', 5) | s.t:version:5:table_changes
        SELECT * FROM bronze.sales_transactions TIMESTAMP AS OF '2026-01-15 14:30:00' | bronze.sales_transactions:timestamp:2026-01-15 14:30:00:as_of
        SELECT * FROM bronze.sales_transactions VERSION AS OF 42 | bronze.sales_transactions:version:42:as_of
        SELECT * FROM events@v12 | events:version:12:at_suffix
        SELECT * FROM events@20260101000000000 | events:timestamp:20260101000000000:at_suffix
        SELECT * FROM t TIMESTAMP AS OF current_timestamp() - INTERVAL 1 DAY | t:timestamp:current_timestamp() - interval 1 day:as_of
        SELECT * FROM t FOR SYSTEM_VERSION AS OF 7 | t:version:7:as_of
        RESTORE TABLE t TO VERSION AS OF 2 | t:version:2:restore
        RESTORE TABLE t TO TIMESTAMP AS OF '2026-01-01' | t:timestamp:2026-01-01:restore
        CREATE TABLE t2 SHALLOW CLONE t VERSION AS OF 3 | t:version:3:clone
        """)
    void reportsTimeTravel(String sql, String expected) {
        assertThat(Golden.timeTravel(Golden.analyze(sql))).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void reportsGrantTargetsAsGrantsOnly() {
        Analysis analysis = Golden.analyze("GRANT SELECT ON TABLE main.sales.orders TO `analysts`");

        assertThat(analysis.kind()).isEqualTo("GRANT");
        assertThat(Golden.names(analysis.grants())).isEqualTo("main.sales.orders");
        assertThat(analysis.reads()).isEmpty();
        assertThat(analysis.writes()).isEmpty();
        assertThat(analysis.stage()).isEqualTo("databricks-recogniser");
    }

    @org.junit.jupiter.api.Test
    void reportsCopyIntoLocationAsPath() {
        assertThat(Golden.analyze("COPY INTO sales FROM '/Volumes/main/raw/sales' FILEFORMAT = CSV").paths())
                .containsExactly("/Volumes/main/raw/sales");
    }
}
