package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Column reads and writes, checked by hand. Rendering: {@code R:table.column}, {@code W:...}; {@code t.*} every
 * column, {@code -c} left out by EXCEPT; {@code t.?} columns unknown; {@code ?c[a,b/c]} an unqualified column
 * with its candidate tables per scope level, innermost first, {@code ~} a level with a relation of unknown
 * columns, {@code !} also a name the statement defines.
 */
class ColumnAccessTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        SELECT a, b FROM t WHERE c > 1 ORDER BY d | R:t.a R:t.b R:t.c R:t.d
        SELECT * FROM sales.orders | R:sales.orders.*
        SELECT * EXCEPT (secret) FROM t | R:t.*-secret
        SELECT o.id, c.name FROM orders o JOIN customers c ON o.cid = c.id WHERE o.amount > 10 GROUP BY o.id, c.name | R:customers.id R:customers.name R:orders.amount R:orders.cid R:orders.id
        SELECT orders.id FROM orders JOIN customers ON orders.cid = customers.id | R:customers.id R:orders.cid R:orders.id
        SELECT amount FROM orders o JOIN customers c ON o.cid = c.id | R:?amount[orders,customers] R:customers.id R:orders.cid
        SELECT o.* FROM orders o JOIN customers c ON o.cid = c.id | R:customers.id R:orders.* R:orders.cid
        SELECT * FROM a JOIN b USING (id) | R:a.* R:a.id R:b.* R:b.id
        WITH big AS (SELECT id, amount FROM orders WHERE amount > 100) SELECT b.id, amount FROM big b | R:orders.amount R:orders.id
        WITH x AS (SELECT * FROM orders) SELECT x.id, total FROM x | R:orders.* R:orders.id R:orders.total
        WITH x AS (SELECT * FROM a JOIN b ON a.k = b.k) SELECT v FROM x | R:?v[a,b] R:a.* R:a.k R:b.* R:b.k
        WITH s AS (SELECT id AS key, amount FROM orders) SELECT key, sum(amount) FROM s GROUP BY key | R:orders.amount R:orders.id
        SELECT s.total FROM (SELECT sum(amount) AS total FROM t) s | R:t.amount
        SELECT count(*) FROM t | ""
        SELECT count(*) FILTER (WHERE flag) FROM t | R:t.flag
        SELECT count(DISTINCT user_id) FROM t | R:t.user_id
        SELECT upper(name), sum(amount) FROM t GROUP BY 1 | R:t.amount R:t.name
        SELECT row_number() OVER (PARTITION BY p ORDER BY q) FROM t | R:t.p R:t.q
        SELECT sum(amount) AS total FROM t GROUP BY region HAVING total > 0 ORDER BY total | R:?total[t]! R:t.amount R:t.region
        SELECT transform(items, x -> x.price * qty) FROM t | R:t.items R:t.qty
        SELECT status AS amount FROM orders ORDER BY amount | R:orders.status
        SELECT a AS b FROM t ORDER BY b, c | R:t.a R:t.c
        SELECT o.status AS amount FROM orders o JOIN items i ON o.id = i.oid ORDER BY amount, o.amount | R:items.oid R:orders.amount R:orders.id R:orders.status
        SELECT id AS k FROM t WHERE k > 0 ORDER BY k | R:?k[t]! R:t.id
        SELECT address.city, t.address.zip FROM t | R:t.address
        SELECT payload:order.id FROM events | R:events.payload
        SELECT cat.sch.t.c FROM cat.sch.t | R:cat.sch.t.c
        SELECT id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.aid = a.id) | R:a.id R:b.aid
        SELECT * FROM a WHERE x IN (SELECT y FROM b) | R:?y[b/a] R:a.* R:a.x
        SELECT x FROM a UNION ALL SELECT y FROM b ORDER BY x | R:a.x R:b.y
        SELECT id, item FROM orders LATERAL VIEW explode(items) x AS item | R:?item[orders]! R:orders.id R:orders.items
        SELECT v.a FROM VALUES (1, 2) AS v(a, b) | ""
        SELECT id FROM range(10) | ""
        SELECT id FROM t JOIN range(10) r ON t.n = r.id | R:?id[t~] R:t.n
        TABLE sch.t | R:sch.t.*
        SELECT * FROM sales PIVOT (sum(amount) FOR quarter IN ('Q1', 'Q2')) | R:sales.?
        INSERT INTO t (a, b) SELECT x, y FROM s | R:s.x R:s.y W:t.a W:t.b
        INSERT INTO t SELECT * FROM s | R:s.* W:t.*
        INSERT INTO t BY NAME SELECT x AS a, y FROM s | R:s.x R:s.y W:t.a W:t.y
        INSERT OVERWRITE t VALUES (1, 2) | W:t.*
        UPDATE t SET a = b + 1, t.c = 0 WHERE d = 2 | R:t.b R:t.d W:t.a W:t.c
        UPDATE t AS x SET x.a = 1 WHERE x.b IN (SELECT b FROM u) | R:?b[u/t] R:t.b W:t.a
        DELETE FROM t WHERE d < 3 | R:t.d
        MERGE INTO tgt t USING src s ON t.id = s.id WHEN MATCHED AND s.deleted THEN DELETE WHEN MATCHED THEN UPDATE SET t.amount = s.amount, status = 'x' WHEN NOT MATCHED THEN INSERT (id, amount) VALUES (s.id, s.amount) | R:src.amount R:src.deleted R:src.id R:tgt.id W:tgt.amount W:tgt.id W:tgt.status
        MERGE INTO tgt USING src ON tgt.id = src.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT * | R:src.* R:src.id R:tgt.id W:tgt.*
        MERGE INTO tgt t USING (SELECT id, v FROM raw WHERE ok) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.v = s.v WHEN NOT MATCHED BY SOURCE THEN DELETE | R:raw.id R:raw.ok R:raw.v R:tgt.id W:tgt.v
        WITH c AS (SELECT id, v FROM raw) MERGE INTO tgt USING c ON tgt.id = c.id WHEN MATCHED THEN UPDATE SET v = c.v | R:raw.id R:raw.v R:tgt.id W:tgt.v
        CREATE TABLE n AS SELECT a FROM t | R:t.a
        CREATE VIEW v AS SELECT a FROM t WHERE b | R:t.a R:t.b
        USE sales; SELECT a FROM orders | R:sales.orders.a
        CREATE TEMPORARY VIEW v AS SELECT a FROM t; SELECT b FROM v | R:t.a
        OPTIMIZE t ZORDER BY (c) | W:t.?
        DESCRIBE TABLE t | ""
        """)
    void recordsTheColumnsAStatementUses(String sql, String expected) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(render(analysis)).isEqualTo(expected == null ? "" : expected);
    }

    static String render(Analysis analysis) {
        return analysis.columns().stream().map(ColumnAccessTests::render).sorted().collect(Collectors.joining(" "));
    }

    private static String render(ColumnAccess column) {
        String role = column.role() == AccessRole.READ ? "R:" : "W:";
        if (column.table() != null) {
            String name = column.column() == null ? "?" : column.column();
            String except = column.except().stream().map(c -> "-" + c).collect(Collectors.joining());
            return role + column.table().qualified() + "." + name + except;
        }
        String levels = column.scopes().stream()
                .map(level -> level.tables().stream().map(TableName::qualified).collect(Collectors.joining(","))
                        + (level.opaque() ? "~" : ""))
                .collect(Collectors.joining("/"));
        return role + "?" + column.column() + "[" + levels + "]" + (column.aliasFallback() ? "!" : "");
    }
}
