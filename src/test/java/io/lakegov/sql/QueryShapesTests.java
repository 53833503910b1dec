package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryShapesTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        WITH recent AS (SELECT * FROM sales.orders) SELECT * FROM recent JOIN dim.customer c ON c.id = recent.cid | dim.customer,sales.orders
        WITH Recent AS (SELECT 1) SELECT * FROM RECENT | ""
        WITH orders AS (SELECT * FROM orders) SELECT * FROM orders | orders
        SELECT * FROM (WITH x AS (SELECT * FROM a) SELECT * FROM x) q JOIN x ON true | a,x
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r | ""
        WITH a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b | ""
        SELECT * FROM a WHERE id IN (SELECT id FROM b) AND EXISTS (SELECT 1 FROM c WHERE c.x = a.x) | a,b,c
        SELECT * FROM a LEFT JOIN b ON a.id = b.id CROSS JOIN c | a,b,c
        SELECT x FROM a UNION SELECT x FROM b EXCEPT SELECT x FROM c INTERSECT SELECT x FROM d | a,b,c,d
        SELECT id, item FROM orders LATERAL VIEW explode(items) t AS item | orders
        SELECT * FROM sales PIVOT (sum(amount) FOR quarter IN ('Q1', 'Q2')) | sales
        SELECT * FROM VALUES (1, 2), (3, 4) AS v(a, b) | ""
        SELECT * FROM range(10) | ""
        SELECT * FROM IDENTIFIER('cat.sch.tbl') | cat.sch.tbl
        TABLE sch.t | sch.t
        SELECT * FROM delta.`/data/events` | delta./data/events
        SELECT * FROM live.customers | live.customers
        SELECT * FROM STREAM(bronze.events) | bronze.events
        SELECT * FROM t WHERE id = :id AND name = ? | t
        SELECT `My Col` FROM `Cat`.`Sch`.`Tbl` | cat.sch.tbl
        FROM src SELECT a, b | src
        SELECT * FROM read_files('/Volumes/raw/x', format => 'json') | ""
        """)
    void readsTheTablesOfAQuery(String sql, String reads) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo(reads);
        assertThat(analysis.writes()).isEmpty();
    }

    @Test
    void readsThroughPipeOperators() {
        assertThat(Golden.names(Golden.analyze("SELECT * FROM t1 |> WHERE a > 1 |> SELECT a").reads()))
                .isEqualTo("t1");
    }

    @Test
    void reportsReadFilesLocationAsPathNotTable() {
        Analysis analysis = Golden.analyze("SELECT * FROM read_files('/Volumes/raw/x', format => 'json')");

        assertThat(analysis.paths()).containsExactly("/Volumes/raw/x");
        assertThat(analysis.accesses()).isEmpty();
    }

    @Test
    void marksPathTables() {
        TableAccess access = Golden.analyze("SELECT * FROM delta.`/data/Events`").reads().get(0);

        assertThat(access.written().parts()).containsExactly("delta", "/data/events");
        assertThat(access.written().isPath()).isTrue();
    }

    @Test
    void refusesToGuessADynamicTableName() {
        Analysis analysis = Golden.analyze("SELECT * FROM IDENTIFIER(:tbl) JOIN known k ON true");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.PARTIAL);
        assertThat(analysis.reason()).contains("dynamic table name");
        assertThat(Golden.names(analysis.reads())).isEqualTo("known");
    }

    @Test
    void ignoresTablesInsideAFunctionBody() {
        Analysis analysis = Golden.analyze(
                "CREATE FUNCTION f(x INT) RETURNS TABLE (y INT) RETURN SELECT y FROM hidden WHERE y = x");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(analysis.accesses()).isEmpty();
    }
}
