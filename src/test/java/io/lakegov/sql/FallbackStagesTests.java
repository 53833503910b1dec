package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FallbackStagesTests {

    @Test
    void readsDoubleQuotedNamesWithSparksGrammarWhenItRejectsThemAsStrings() {
        Analysis analysis = Golden.analyze("""
                WITH "recent" AS (SELECT * FROM "sales" WHERE d > 1)
                SELECT SUM(x) AS "total" FROM "recent" r JOIN "my ""dim""\" d ON r.k = d.k
                """);

        assertThat(analysis.stage()).isEqualTo("spark-grammar-quoted-names");
        assertThat(Golden.names(analysis.reads())).isEqualTo("my \"dim\",sales");
    }

    @Test
    void keepsDoubleQuotedStringsWhereSparkAcceptsThem() {
        Analysis analysis = Golden.analyze("SELECT * FROM t WHERE name = \"sales\"");

        assertThat(analysis.stage()).isEqualTo("spark-grammar");
        assertThat(Golden.names(analysis.reads())).isEqualTo("t");
    }

    @Test
    void usesJSqlParserForStatementsItCanMapToReadsAndWrites() {
        Analysis analysis = Golden.analyze(
                "CREATE TABLE ops.readings (sensor INT, taken TIMESTAMP, PRIMARY KEY (sensor, taken TIMESERIES))");

        assertThat(analysis.stage()).isEqualTo("jsqlparser");
        assertThat(Golden.names(analysis.writes())).isEqualTo("ops.readings");
    }

    @Test
    void neverAcceptsJSqlParserSkippingTextItDoesNotUnderstand() {
        Analysis analysis = Golden.analyze("SHOW TABLE EXTENDED");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.reason()).isEqualTo("Spark grammar rejects the statement");
    }

    @Test
    void retriesWithFullLlPredictionWhereSllHadToGuess() {
        Analysis analysis = Golden.analyze("SELECT IDENTIFIER('amount') FROM VALUES (5) AS v(amount)");

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(analysis.stage()).isEqualTo("spark-grammar");
    }
}
