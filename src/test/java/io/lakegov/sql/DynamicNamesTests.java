package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code IDENTIFIER(<expression>)} as a table name, or as a part of one (Spark 4.2 reads {@code IDENTIFIER('a')} as
 * a name part anywhere: a foreign key's parent, {@code a.IDENTIFIER('b')}, a rename's new name), in Spark's grammar
 * and in the statements our recognisers read: the name is known only when the statement runs, so the statement is
 * PARTIAL ("dynamic table name") with the other tables it names, never a table called "identifier". A literal
 * names its table.
 */
class DynamicNamesTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        GRANT SELECT ON TABLE IDENTIFIER(:t) TO `analysts` | ""
        SHOW GRANTS ON TABLE IDENTIFIER(:t) | ""
        ALTER SHARE s ADD TABLE IDENTIFIER(:t) WITH HISTORY | ""
        COPY INTO IDENTIFIER(:t) FROM '/Volumes/main/raw/x' FILEFORMAT = CSV | ""
        CREATE OR REFRESH STREAMING TABLE IDENTIFIER(:t) AS SELECT * FROM STREAM(bronze.a) | READ:bronze.a
        CREATE FLOW f AS AUTO CDC INTO IDENTIFIER(:t) FROM STREAM(bronze.a) KEYS (id) SEQUENCE BY ts | READ:bronze.a
        APPLY CHANGES INTO silver.a FROM STREAM(IDENTIFIER(:src)) KEYS (id) SEQUENCE BY ts | WRITE:silver.a
        ALTER TABLE IDENTIFIER(:t) ALTER COLUMN c SET MASK m.f | ""
        FSCK REPAIR TABLE IDENTIFIER(:t) | ""
        DESCRIBE HISTORY IDENTIFIER(:t) | ""
        DESC DETAIL IDENTIFIER(:t) | ""
        SELECT * FROM (DESCRIBE HISTORY IDENTIFIER(:t)) JOIN main.a.b USING (version) | READ:main.a.b
        CREATE TABLE sales (product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER(:t)) | WRITE:sales
        CREATE TABLE sales (product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER(?) (id) NOT ENFORCED DEFERRABLE) | WRITE:sales
        CREATE TABLE sales (product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER(some_variable)) | WRITE:sales
        CREATE TABLE sales (product_id BIGINT, CONSTRAINT f FOREIGN KEY (product_id) REFERENCES IDENTIFIER(:t) (id)) | WRITE:sales
        CREATE TABLE sales (product_id BIGINT, CONSTRAINT f FOREIGN KEY (product_id) REFERENCES IDENTIFIER(some_variable)) | WRITE:sales
        ALTER TABLE sales ADD CONSTRAINT f FOREIGN KEY (product_id) REFERENCES IDENTIFIER(:t) | WRITE:sales
        ALTER TABLE sales ADD CONSTRAINT f FOREIGN KEY (product_id) REFERENCES IDENTIFIER(some_variable) NOT ENFORCED | WRITE:sales
        ALTER TABLE sales ADD COLUMN product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER(:t) | WRITE:sales
        CREATE OR REFRESH STREAMING TABLE silver.sales (product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER(:t)) AS SELECT * FROM STREAM(bronze.sales) | READ:bronze.sales WRITE:silver.sales
        CREATE TABLE sales (product_id BIGINT FOREIGN KEY REFERENCES main.IDENTIFIER(:t)) | WRITE:sales
        CREATE TABLE sales (product_id BIGINT FOREIGN KEY REFERENCES IDENTIFIER('not a name')) | WRITE:sales
        SELECT * FROM main.IDENTIFIER(:t) JOIN main.a.b USING (id) | READ:main.a.b
        SELECT * FROM IDENTIFIER(:schema).t | ""
        SELECT * FROM STREAM(IDENTIFIER(:t)) | ""
        ALTER TABLE main.a.b RENAME TO IDENTIFIER(:t) | WRITE:main.a.b
        SHOW COLUMNS FROM t IN IDENTIFIER(:schema) | ""
        REFRESH STREAMING TABLE main.IDENTIFIER(:t) | ""
        """)
    void marksTheStatementDynamic(String sql, String accesses) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.PARTIAL);
        assertThat(analysis.reason()).isEqualTo("statement 1: dynamic table name");
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
        assertThat(analysis.shareChanges()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        GRANT SELECT ON TABLE IDENTIFIER('main.a.b') TO `analysts` | GRANT:main.a.b
        ALTER SHARE s ADD TABLE IDENTIFIER('main.a.b') | SHARE:main.a.b
        COPY INTO IDENTIFIER('main.a.b') FROM '/Volumes/main/raw/x' FILEFORMAT = CSV | WRITE:main.a.b
        SELECT * FROM a.IDENTIFIER('b') | READ:a.b
        SELECT * FROM IDENTIFIER('main.a').b VERSION AS OF 3 | READ:main.a.b
        SELECT * FROM STREAM(IDENTIFIER('main.a.b')) | READ:main.a.b
        SELECT * FROM STREAM IDENTIFIER('main.a.b') | READ:main.a.b
        WITH IDENTIFIER('x') AS (SELECT * FROM main.a.b) SELECT * FROM x | READ:main.a.b
        ALTER TABLE main.a.b RENAME TO IDENTIFIER('main.a.c') | WRITE:main.a.b WRITE:main.a.c
        INSERT INTO main.IDENTIFIER('a.b') SELECT * FROM main.a.c | READ:main.a.c WRITE:main.a.b
        SHOW COLUMNS FROM b IN IDENTIFIER('main.a') | READ:main.a.b
        GRANT SELECT ON TABLE main.IDENTIFIER('a.b') TO `analysts` | GRANT:main.a.b
        ALTER STREAMING TABLE main.IDENTIFIER('a.b') ADD SCHEDULE CRON '0 0 * * * ?' | WRITE:main.a.b
        """)
    void readsALiteralNameAsTheTable(String sql, String accesses) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
    }
}
