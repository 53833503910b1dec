package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementKindsTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        INSERT INTO sales.daily SELECT * FROM sales.raw | sales.raw | sales.daily | INSERT
        INSERT OVERWRITE TABLE t PARTITION (d = '2026-01-01') SELECT * FROM s | s | t | INSERT
        INSERT INTO t REPLACE WHERE d = '2026-01-01' SELECT * FROM s | s | t | INSERT
        INSERT INTO t VALUES (1, 'a') | "" | t | INSERT
        WITH c AS (SELECT * FROM s) INSERT INTO t SELECT * FROM c | s | t | INSERT
        MERGE INTO tgt USING (SELECT * FROM a JOIN b USING (id)) s ON tgt.id = s.id WHEN MATCHED THEN DELETE | a,b | tgt | MERGE
        UPDATE t SET a = 1 WHERE id IN (SELECT id FROM s) | s | t | UPDATE
        DELETE FROM t WHERE id = 3 | "" | t | DELETE
        CREATE TABLE t (id INT) USING delta LOCATION '/mnt/t' | "" | t | CREATE_TABLE
        CREATE TABLE t AS SELECT * FROM s | s | t | CTAS
        CREATE OR REPLACE TABLE t AS SELECT * FROM s | s | t | CTAS
        CREATE VIEW v AS SELECT * FROM s | s | v | CREATE_VIEW
        CREATE TEMPORARY VIEW tv AS SELECT * FROM s | s | "" | CREATE_TEMP_VIEW
        CACHE TABLE c AS SELECT * FROM s | s | c | CACHE
        DROP TABLE IF EXISTS t | "" | t | DROP_TABLE
        DROP VIEW v | "" | v | DROP_VIEW
        ALTER TABLE a.old RENAME TO a.new | "" | a.new,a.old | ALTER_TABLE
        ALTER TABLE t ADD COLUMNS (c INT) | "" | t | ALTER_TABLE
        TRUNCATE TABLE t | "" | t | TRUNCATE
        OPTIMIZE t ZORDER BY (a) | "" | t | OPTIMIZE
        VACUUM t RETAIN 168 HOURS | "" | t | VACUUM
        REORG TABLE t APPLY (PURGE) | "" | t | REORG
        DESCRIBE DETAIL t | t | "" | DESCRIBE_DETAIL
        DESCRIBE TABLE EXTENDED t | t | "" | DESCRIBE
        SHOW TBLPROPERTIES t | t | "" | SHOW
        SHOW COLUMNS IN t | t | "" | SHOW
        EXPLAIN DELETE FROM t WHERE a = 1 | "" | t | EXPLAIN
        EXPLAIN SELECT * FROM s | s | "" | EXPLAIN
        SHOW TABLES IN sales | "" | "" | SHOW
        SET spark.sql.shuffle.partitions = 10 | "" | "" | SET
        REVOKE SELECT ON TABLE t FROM `x` | "" | "" | REVOKE
        SET TAG ON TABLE main.s.t `pii` = `true` | "" | main.s.t | SET_TAG
        ALTER TABLE t SET TAGS ('pii' = 'true') | "" | t | ALTER_TABLE
        CREATE TABLE t2 DEEP CLONE s | s | t2 | CLONE
        """)
    void findsReadsAndWritesOfEachStatementKind(String sql, String reads, String writes, String kind) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo(reads);
        assertThat(Golden.names(analysis.writes())).isEqualTo(writes);
        assertThat(analysis.kind()).isEqualTo(kind);
    }
}
