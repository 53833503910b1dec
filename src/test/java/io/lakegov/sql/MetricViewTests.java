package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Metric views: the tables are in the YAML definition, written from the metric view YAML reference. */
class MetricViewTests {

    @Test
    void readsTheSourceAndTheJoinedTables() {
        Analysis analysis = Golden.analyze("""
                CREATE OR REPLACE VIEW main.metrics.orders_mv WITH METRICS LANGUAGE YAML AS $$
                version: 0.1
                source: main.sales.orders
                joins:
                  - name: customer
                    source: main.sales.customers
                    on: source.customer_id = customer.id
                dimensions:
                  - name: order_month
                    expr: date_trunc('MONTH', order_date)
                measures:
                  - name: revenue
                    expr: SUM(amount)
                $$""");

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(analysis.kind()).isEqualTo("CREATE_METRIC_VIEW");
        assertThat(Golden.accesses(analysis))
                .isEqualTo("READ:main.sales.customers READ:main.sales.orders WRITE:main.metrics.orders_mv");
    }

    @Test
    void readsNestedJoinsAndASourceThatIsAQuery() {
        Analysis analysis = Golden.analyze("""
                CREATE VIEW sales_mv (region COMMENT 'sales region', total) WITH METRICS LANGUAGE YAML
                COMMENT 'sales metrics' AS $$
                version: 1.1
                source: |
                  WITH recent AS (SELECT * FROM main.a.orders WHERE order_date > '2026-01-01')
                  SELECT * FROM recent JOIN main.a.items USING (order_id)
                filter: amount > 0
                joins:
                  - name: store
                    source: main.a.stores
                    on: source.store_id = store.id
                    joins:
                      - name: region
                        source: "`main`.a.regions"
                        on: store.region_id = region.id
                dimensions:
                  - name: region
                    expr: region.name
                $$""");

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads()))
                .isEqualTo("main.a.items,main.a.orders,main.a.regions,main.a.stores");
    }

    @Test
    void readsAQuotedNestedSourceAndDoesNotExpandAliases() {
        Analysis analysis = Golden.analyze("""
                CREATE VIEW v WITH METRICS LANGUAGE YAML AS $$
                version: 1.1
                a: &a ["x", "x", "x", "x"]
                b: &b [*a, *a, *a, *a]
                c: [*b, *b, *b, *b]
                source: "`main`.`a`.`t 1`"
                joins:
                  - name: j
                    source: SELECT * FROM main.a.t2 QUALIFY row_number() OVER (ORDER BY id) = 1
                $$""");

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo("main.a.t 1,main.a.t2");
    }

    @Test
    void reportsADefinitionItCannotReadAsPartialWithTheViewStillWritten() {
        for (String body : new String[] {"source: [not closed", "dimensions: []", "- a list", "source: 42",
            "source: SELECT * FROM t WHERE (", "a: &x [*x]", "{" + "[".repeat(500)}) {
            Analysis analysis = Golden.analyze("CREATE VIEW v WITH METRICS LANGUAGE YAML AS $$\n" + body + "\n$$");

            assertThat(analysis.status()).as(body).isEqualTo(AnalysisStatus.PARTIAL);
            assertThat(analysis.reason()).contains("metric view definition not understood");
            assertThat(Golden.accesses(analysis)).isEqualTo("WRITE:v");
        }
    }
}
