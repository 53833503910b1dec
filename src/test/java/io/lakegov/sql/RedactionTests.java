package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.lakegov.web.ContractBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactionTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
        SELECT * FROM t WHERE a = 'secret' AND b = 42 | SELECT * FROM t WHERE a = ? AND b = ?
        SELECT "dq", r'raw\\', X'AB', 1e5, 10L, 1.5BD, .5 FROM t | SELECT ?, ?, ?, ?, ?, ?, ? FROM t
        SELECT true, null, :p, ? FROM t | SELECT true, null, :p, ? FROM t
        SELECT 'it''s', 'a\\'b' FROM `x'y` | SELECT ?, ? FROM `x'y`
        """)
    void replacesEveryLiteralAndDropsComments(String sql, String redacted) {
        assertThat(Golden.analyze(sql).redactedSql()).isEqualTo(redacted);
    }

    @Test
    void writesFingerprintsAsTheContractDeclaresThem() {
        assertThat(Golden.analyze("SELECT * FROM t WHERE id = 1").fingerprint())
                .matches(ContractBounds.FINGERPRINT_PATTERN)
                .hasSize(ContractBounds.FINGERPRINT_LENGTH);
    }

    @Test
    void dropsCommentsAndCollapsesWhitespace() {
        assertThat(Golden.analyze("SELECT a   -- note 'x'\n  FROM /* c 'y' */ t").redactedSql())
                .isEqualTo("SELECT a FROM t");
    }

    @Test
    void givesTheSameFingerprintForTheSameShape() {
        String one = Golden.analyze("SELECT * FROM t WHERE id IN (1, 2, 3) AND name = 'a'").fingerprint();
        String two = Golden.analyze("select *   from T where ID in (7) and NAME = 'bbb' -- x").fingerprint();
        String other = Golden.analyze("SELECT * FROM t WHERE id IN (1, 2, 3) OR name = 'a'").fingerprint();

        assertThat(one).isEqualTo(two).isNotEqualTo(other).matches("[0-9a-f]{16}");
    }

    @Test
    void redactsTextNoGrammarUnderstands() {
        Analysis analysis = Golden.analyze("FROBNICATE 'password123' WITH 99");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.redactedSql()).isEqualTo("FROBNICATE ? WITH ?");
    }

    @Test
    void neverFailsOpenWhenTheTextCannotBeTokenised() {
        Analysis analysis = Golden.analyze("SELECT * FROM t WHERE password = 'unterminated");

        assertThat(analysis.status()).isEqualTo(AnalysisStatus.UNANALYZABLE);
        assertThat(analysis.redactedSql()).isNull();
        assertThat(analysis.fingerprint()).isNull();
        assertThat(analysis.reason()).contains("unterminated");
    }
}
