package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The analysis tells a view definition that defines nothing when the view exists. */
class OnlyIfAbsentTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        CREATE VIEW IF NOT EXISTS v AS SELECT * FROM s | CREATE_VIEW | true
        create   view if   not exists main.a.v AS SELECT id FROM s | CREATE_VIEW | true
        /* made by dbt */ CREATE VIEW IF NOT EXISTS v AS SELECT * FROM s | CREATE_VIEW | true
        CREATE VIEW v AS SELECT * FROM s | CREATE_VIEW | false
        CREATE OR REPLACE VIEW v AS SELECT * FROM s | CREATE_VIEW | false
        CREATE TEMPORARY VIEW IF NOT EXISTS tv AS SELECT * FROM s | CREATE_TEMP_VIEW | false
        CREATE MATERIALIZED VIEW IF NOT EXISTS mv AS SELECT * FROM s | CREATE_MATERIALIZED_VIEW | true
        CREATE MATERIALIZED VIEW mv AS SELECT * FROM s | CREATE_MATERIALIZED_VIEW | false
        CREATE TABLE IF NOT EXISTS t AS SELECT * FROM s | CTAS | false
        ALTER VIEW v AS SELECT * FROM s | ALTER_VIEW | false
        """)
    void saysWhenADefinitionTakesEffectOnlyIfTheViewIsAbsent(String sql, String kind, boolean onlyIfAbsent) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.status()).as(analysis.reason()).isEqualTo(AnalysisStatus.ANALYZED);
        assertThat(analysis.kind()).isEqualTo(kind);
        assertThat(analysis.onlyIfAbsent()).isEqualTo(onlyIfAbsent);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        CREATE VIEW IF NOT EXISTS v AS SELECT * FROM s; SELECT * FROM v
        SELECT 1; CREATE VIEW IF NOT EXISTS v AS SELECT * FROM s
        """)
    void leavesScriptsAlone(String sql) {
        Analysis analysis = Golden.analyze(sql);

        assertThat(analysis.kind()).isEqualTo("SCRIPT");
        assertThat(analysis.onlyIfAbsent()).isFalse();
    }

}
