package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code IDENTIFIER(<expression>)} as the table of the statements our recognisers read: the name is known only when
 * the statement runs, so the statement is PARTIAL ("dynamic table name") with the other tables it names, never a
 * table called "identifier".
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
        """)
    void readsALiteralNameAsTheTable(String sql, String accesses) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.accesses(analysis)).isEqualTo(accesses);
    }
}
