package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class HostileInputTests {

    @Test
    void refusesNullEmptyBlankAndCommentOnlyText() {
        for (String sql : new String[] {null, "", "   \n\t ", "-- only a comment", "/* and */ -- more", ";;;"}) {
            Analysis analysis = Golden.analyze(sql);
            assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
            assertThat(analysis.reason()).isNotBlank();
            assertThat(analysis.kind()).isNull();
        }
    }

    @Test
    void refusesTextOverTheSizeCapWithoutReadingIt() {
        String huge = "SELECT 'x' FROM t; ".repeat(600_000);

        Analysis analysis = Golden.analyze(huge);

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.reason()).startsWith("too large");
        assertThat(analysis.redactedSql()).isNull();
        assertThat(analysis.fingerprint()).isNull();
    }

    @Test
    void refusesDeepNestingWithoutStackOverflow() {
        String deep = "SELECT " + "(".repeat(5_000) + "1" + ")".repeat(5_000) + " FROM t";

        Analysis analysis = Golden.analyze(deep);

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.reason()).contains("nested too deeply");
    }

    @Test
    void analysesNestingUpToTheLimit() {
        int depth = StatementAnalyzer.MAX_NESTING;
        String nested = "SELECT * FROM " + "(SELECT * FROM ".repeat(depth - 1) + "t" + ")".repeat(depth - 1);

        assertThat(Golden.names(Golden.analyze(nested).reads())).isEqualTo("t");
    }

    @Test
    void survivesBinaryGarbage() {
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            char[] chars = new char[random.nextInt(2_000)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = (char) random.nextInt(0x3000);
            }
            Analysis analysis = Golden.analyze(new String(chars));
            assertThat(analysis).isNotNull();
            assertThat(analysis.status() == AnalysisStatus.ANALYZED || analysis.reason() != null).isTrue();
        }
    }

    @Test
    void stopsAHugeScriptAtTheTimeBudget() {
        StatementAnalyzer analyzer = new StatementAnalyzer(new AnalyzerSettings(2_000_000, Duration.ofMillis(300)));
        String script = "SELECT a FROM t WHERE b = 1;".repeat(50_000);
        analyzer.analyze("SELECT a FROM warm_up");

        Analysis analysis = analyzer.analyze(script);

        assertThat(analysis.status()).isIn(AnalysisStatus.PARTIAL, AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.reason()).contains("time budget exceeded");
    }

    @Test
    void reportsUnterminatedStringsAndComments() {
        assertThat(Golden.analyze("SELECT 'abc").reason()).contains("unterminated string");
        assertThat(Golden.analyze("SELECT 1 /* open").reason()).contains("unterminated comment");
        assertThat(Golden.analyze("SELECT `abc").reason()).contains("unterminated quoted identifier");
    }
}
