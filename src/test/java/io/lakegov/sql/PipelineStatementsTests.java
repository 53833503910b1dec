package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lakeflow Declarative Pipelines SQL, written from its SQL language reference. */
class PipelineStatementsTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        CREATE OR REFRESH STREAMING TABLE orders_raw (order_id BIGINT NOT NULL, amount DECIMAL(10, 2), CONSTRAINT valid_id EXPECT (order_id IS NOT NULL) ON VIOLATION DROP ROW) COMMENT 'raw orders' PARTITIONED BY (order_date) TBLPROPERTIES ('quality' = 'bronze') AS SELECT * FROM STREAM read_files('/Volumes/main/raw/orders', format => 'json') | WRITE:orders_raw | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE orders_clean (CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION FAIL UPDATE) CLUSTER BY (customer_id) AS SELECT * FROM STREAM(orders_raw) WHERE order_id IS NOT NULL | READ:orders_raw WRITE:orders_clean | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE events_st LOCATION 's3://bucket/events' SCHEDULE EVERY 1 HOUR AS SELECT * FROM STREAM events_src | READ:events_src WRITE:events_st | CREATE_STREAMING_TABLE
        CREATE OR REFRESH PRIVATE MATERIALIZED VIEW daily_totals AS SELECT order_date, sum(amount) AS total FROM orders_clean GROUP BY order_date | READ:orders_clean WRITE:daily_totals | CREATE_MATERIALIZED_VIEW
        CREATE MATERIALIZED VIEW mv_sched (a INT, b STRING COMMENT 'b', CONSTRAINT a_set EXPECT (a IS NOT NULL)) SCHEDULE CRON '0 0 * * * ?' AT TIME ZONE 'UTC' AS SELECT a, b FROM main.src.t1 | READ:main.src.t1 WRITE:mv_sched | CREATE_MATERIALIZED_VIEW
        CREATE OR REFRESH MATERIALIZED VIEW mv_trigger TRIGGER ON UPDATE AS WITH x AS (SELECT * FROM s1) SELECT * FROM x JOIN s2 USING (id) | READ:s1 READ:s2 WRITE:mv_trigger | CREATE_MATERIALIZED_VIEW
        CREATE OR REFRESH TEMPORARY STREAMING TABLE staging_st AS SELECT * FROM STREAM(src) | READ:src WRITE:staging_st | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE fed_by_flows | WRITE:fed_by_flows | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE fed_with_schema (id INT, name STRING) COMMENT 'fed by flows' | WRITE:fed_with_schema | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE keyed (id INT, customer_id INT, CONSTRAINT pk PRIMARY KEY (id), CONSTRAINT fk FOREIGN KEY (customer_id) REFERENCES customers (id)) AS SELECT * FROM STREAM(src) | READ:src REFERENCE:customers WRITE:keyed | CREATE_STREAMING_TABLE
        CREATE LIVE TABLE legacy_agg COMMENT 'x' TBLPROPERTIES ('a' = 'b') AS SELECT * FROM LIVE.silver JOIN other.dim ON true | READ:live.silver READ:other.dim WRITE:legacy_agg | CREATE_MATERIALIZED_VIEW
        CREATE OR REFRESH LIVE TABLE legacy_stream AS SELECT * FROM STREAM(LIVE.bronze) | READ:live.bronze WRITE:legacy_stream | CREATE_MATERIALIZED_VIEW
        CREATE STREAMING LIVE TABLE legacy_files AS SELECT * FROM cloud_files('/mnt/landing', 'json') | WRITE:legacy_files | CREATE_STREAMING_TABLE
        CREATE FLOW backfill COMMENT 'one-off backfill' AS INSERT INTO ONCE fed_by_flows BY NAME SELECT * FROM archive.old_orders | READ:archive.old_orders WRITE:fed_by_flows | CREATE_FLOW
        CREATE FLOW append_a AS INSERT INTO fed_by_flows BY NAME SELECT * FROM STREAM(region_a) | READ:region_a WRITE:fed_by_flows | CREATE_FLOW
        CREATE FLOW append_b AS INSERT INTO fed_by_flows SELECT id, name FROM STREAM region_b JOIN dim d USING (id) | READ:dim READ:region_b WRITE:fed_by_flows | CREATE_FLOW
        CREATE FLOW cdc AS AUTO CDC INTO dim_customer FROM STREAM(customers_cdc) KEYS (id) IGNORE NULL UPDATES APPLY AS DELETE WHEN op = 'D' APPLY AS TRUNCATE WHEN op = 'T' SEQUENCE BY seq COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 2 TRACK HISTORY ON * EXCEPT (updated_at) | READ:customers_cdc WRITE:dim_customer | CREATE_FLOW
        CREATE FLOW cdc_query AS AUTO CDC INTO dim_scd FROM (WITH x AS (SELECT * FROM STREAM(cdc_feed)) SELECT x.*, d.region FROM x JOIN dims d ON x.k = d.k) KEYS (k) SEQUENCE BY seq STORED AS SCD TYPE 1 | READ:cdc_feed READ:dims WRITE:dim_scd | CREATE_FLOW
        CREATE FLOW cdc_stream_query AS AUTO CDC INTO t31 FROM STREAM (SELECT * FROM s31) KEYS (k) SEQUENCE BY ts | READ:s31 WRITE:t31 | CREATE_FLOW
        CREATE FLOW older AS APPLY CHANGES INTO target_t FROM STREAM source_t KEYS (id) SEQUENCE BY ts COLUMNS (id, name) | READ:source_t WRITE:target_t | CREATE_FLOW
        APPLY CHANGES INTO LIVE.customers FROM STREAM(LIVE.customers_cdc) KEYS (id) APPLY AS DELETE WHEN operation = 'DELETE' SEQUENCE BY ts COLUMNS * EXCEPT (operation) STORED AS SCD TYPE 1 | READ:live.customers_cdc WRITE:live.customers | APPLY_CHANGES
        APPLY CHANGES INTO LIVE.joined FROM (SELECT * FROM STREAM(LIVE.a) JOIN LIVE.b USING (k)) KEYS (k) SEQUENCE BY ts | READ:live.a READ:live.b WRITE:live.joined | APPLY_CHANGES
        AUTO CDC INTO tgt FROM stream(src) KEYS (a, b) SEQUENCE BY struct(ts, seq) | READ:src WRITE:tgt | APPLY_CHANGES
        CREATE OR REFRESH STREAMING TABLE products_history SCHEDULE REFRESH EVERY 1 DAY FLOW AUTO CDC FROM STREAM products KEYS (product_id) SEQUENCE BY ts STORED AS SCD TYPE 2 | READ:products WRITE:products_history | CREATE_STREAMING_TABLE
        CREATE OR REFRESH STREAMING TABLE from_query FLOW AUTO CDC FROM (SELECT * FROM STREAM(s32) WHERE x > 1) KEYS (k) SEQUENCE BY ts | READ:s32 WRITE:from_query | CREATE_STREAMING_TABLE
        REFRESH STREAMING TABLE main.s.st FULL | WRITE:main.s.st | REFRESH
        REFRESH MATERIALIZED VIEW main.s.mv | WRITE:main.s.mv | REFRESH
        ALTER MATERIALIZED VIEW main.s.mv ALTER SCHEDULE EVERY 1 HOUR | WRITE:main.s.mv | ALTER_TABLE
        ALTER STREAMING TABLE main.s.st DROP SCHEDULE | WRITE:main.s.st | ALTER_TABLE
        DROP MATERIALIZED VIEW IF EXISTS main.s.mv | WRITE:main.s.mv | DROP_TABLE
        """)
    void findsTheTablesOfPipelineStatements(String sql, String accesses, String kind) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
        assertThat(analysis.kind()).isEqualTo(kind);
    }

    @Test
    void recordsTheFilesAStreamingTableLoads() {
        assertThat(Golden.analyze("CREATE OR REFRESH STREAMING TABLE raw AS SELECT * FROM STREAM "
                + "read_files('/Volumes/main/raw/orders', format => 'csv')").paths())
                .containsExactly("/Volumes/main/raw/orders");
    }

    @Test
    void keepsLegacyTemporaryLiveViewsOutOfTheTables() {
        Analysis analysis = Golden.analyze("""
                CREATE TEMPORARY LIVE VIEW cleaned AS SELECT * FROM LIVE.raw WHERE id IS NOT NULL;
                CREATE LIVE TABLE summary AS SELECT count(*) FROM LIVE.cleaned;
                CREATE TEMPORARY STREAMING LIVE VIEW changes AS SELECT * FROM STREAM(LIVE.raw);
                """);

        assertThat(analysis.temporaryViews()).containsExactly("cleaned", "changes");
        assertThat(Golden.accesses(analysis)).isEqualTo("READ:live.raw WRITE:summary");
    }

    @Test
    void readsAPipelineScriptOfFlowsFeedingOneTable() {
        Analysis analysis = Golden.analyze("""
                CREATE OR REFRESH STREAMING TABLE all_orders;
                CREATE FLOW eu AS INSERT INTO all_orders BY NAME SELECT * FROM STREAM(eu_orders);
                CREATE FLOW us AS INSERT INTO all_orders BY NAME SELECT * FROM STREAM(us_orders);
                CREATE FLOW history AS INSERT INTO ONCE all_orders BY NAME SELECT * FROM archive.orders;
                """);

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.writes())).isEqualTo("all_orders");
        assertThat(Golden.names(analysis.reads())).isEqualTo("archive.orders,eu_orders,us_orders");
    }
}
