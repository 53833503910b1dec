package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScriptTests {

    @Test
    void appliesUseStatementsToLaterStatementsOnly() {
        Analysis analysis = Golden.analyze("SELECT * FROM a; USE CATALOG main; USE SCHEMA sales; SELECT * FROM b; "
                + "SELECT * FROM other.c");

        assertThat(analysis.kind()).isEqualTo("SCRIPT");
        assertThat(analysis.reads()).extracting(a -> a.name().qualified())
                .containsExactly("a", "main.sales.b", "main.other.c");
        assertThat(analysis.reads()).extracting(a -> a.written().qualified()).containsExactly("a", "b", "other.c");
        assertThat(analysis.sessionEffect()).isEqualTo(new SessionEffect("main", "sales"));
    }

    @Test
    void treatsUseOfATwoPartNameAsCatalogAndSchema() {
        assertThat(Golden.analyze("USE main.sales").sessionEffect()).isEqualTo(new SessionEffect("main", "sales"));
        assertThat(Golden.analyze("USE sales").sessionEffect()).isEqualTo(new SessionEffect(null, "sales"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            USE CATALOG c; SELECT * FROM t                  | c.default.t | c    | default
            SET CATALOG c; SELECT * FROM t                  | c.default.t | c    | default
            USE SCHEMA s; USE CATALOG c; SELECT * FROM t    | c.default.t | c    | default
            USE CATALOG c; USE SCHEMA s; SELECT * FROM t    | c.s.t       | c    | s
            USE CATALOG c; USE s; SELECT * FROM t           | c.s.t       | c    | s
            USE SCHEMA s; SELECT * FROM t                   | s.t         | null | s
            USE s; SELECT * FROM t                          | s.t         | null | s
            USE c.s; SELECT * FROM t                        | c.s.t       | c    | s
            USE SCHEMA c.s; SELECT * FROM t                 | c.s.t       | c    | s
            USE CATALOG c; SELECT * FROM s.t                | c.s.t       | c    | default
            """)
    void resolvesLaterNamesAgainstTheCatalogAndSchemaUseSets(String sql, String resolved, String catalog,
            String schema) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(analysis.reads()).extracting(a -> a.name().qualified()).containsExactly(resolved);
        assertThat(analysis.sessionEffect()).isEqualTo(new SessionEffect(catalog, schema));
    }

    @Test
    void neverReportsTemporaryViewsOrLaterReadsOfThem() {
        Analysis analysis = Golden.analyze(
                "CREATE OR REPLACE TEMP VIEW tv AS SELECT * FROM src; SELECT * FROM tv JOIN dim USING (id)");

        assertThat(Golden.names(analysis.reads())).isEqualTo("dim,src");
        assertThat(analysis.temporaryViews()).containsExactly("tv");
        assertThat(analysis.writes()).isEmpty();
    }

    @Test
    void splitsOnlyAtTopLevelSemicolons() {
        Analysis analysis = Golden.analyze("""
                SELECT ';' AS a, `semi;colon` FROM t1; -- comment; here
                /* block; /* nested; */ */ SELECT $$ body; $$ FROM t2;
                CREATE FUNCTION f() RETURNS INT LANGUAGE PYTHON AS $$ return 1; $$;
                """);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo("t1,t2");
    }

    @Test
    void keepsCompoundBlocksTogether() {
        Analysis analysis = Golden.analyze("""
                BEGIN
                  DECLARE x INT DEFAULT 1;
                  IF x = 1 THEN INSERT INTO t SELECT * FROM s; END IF;
                  UPDATE u SET a = 1;
                END;
                SELECT * FROM after_block
                """);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(Golden.names(analysis.reads())).isEqualTo("after_block,s");
        assertThat(Golden.names(analysis.writes())).isEqualTo("t,u");
    }

    @Test
    void reportsPartialWhenSomeStatementsFail() {
        Analysis analysis = Golden.analyze("SELECT * FROM ok; THIS IS NOT SQL AT ALL; INSERT INTO w SELECT 1");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.PARTIAL);
        assertThat(analysis.reason()).contains("statement 2");
        assertThat(Golden.names(analysis.accesses())).isEqualTo("ok,w");
    }

    @Test
    void deduplicatesAccessesInOrderOfAppearance() {
        Analysis analysis = Golden.analyze("SELECT * FROM b JOIN a ON true JOIN b x ON true");

        assertThat(analysis.accesses()).extracting(a -> a.written().qualified()).containsExactly("b", "a");
    }
}
