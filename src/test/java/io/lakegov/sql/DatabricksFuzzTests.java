package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mangled variants of the Databricks-only forms, and a pipeline script of a megabyte: every one gets an outcome
 * (a status, and a reason when not analysed) and none throws, inside the analyser or out of it.
 */
class DatabricksFuzzTests {

    private static final List<String> FORMS = List.of(
            "CREATE OR REFRESH STREAMING TABLE st (id INT, CONSTRAINT c EXPECT (id > 0) ON VIOLATION DROP ROW) "
                    + "CLUSTER BY (id) SCHEDULE EVERY 1 HOUR AS SELECT * FROM STREAM(src) WHERE id IS NOT NULL",
            "CREATE FLOW f COMMENT 'x' AS INSERT INTO ONCE st BY NAME SELECT * FROM STREAM src",
            "CREATE FLOW f AS AUTO CDC INTO t FROM (WITH x AS (SELECT * FROM STREAM(a)) SELECT * FROM x JOIN b USING "
                    + "(k)) KEYS (k) IGNORE NULL UPDATES APPLY AS DELETE WHEN op = 'D' SEQUENCE BY s COLUMNS * EXCEPT "
                    + "(op) STORED AS SCD TYPE 2 TRACK HISTORY ON * EXCEPT (u)",
            "APPLY CHANGES INTO LIVE.t FROM STREAM(LIVE.s) KEYS (id) SEQUENCE BY ts",
            "CREATE TEMPORARY LIVE VIEW v AS SELECT * FROM LIVE.raw",
            "CREATE VIEW mv WITH METRICS LANGUAGE YAML AS $$\nversion: 1.1\nsource: SELECT * FROM a.b.c\njoins:\n"
                    + "  - name: j\n    source: a.b.d\n    on: source.x = j.x\n$$",
            "ALTER SHARE s ADD TABLE main.a.b PARTITION (r = 'EU') AS a.b WITH HISTORY",
            "SHOW GRANTS `u` ON TABLE main.a.b",
            "GRANT SELECT ON MATERIALIZED VIEW main.a.mv TO `g`",
            "CREATE TABLE t (a INT MASK m.f USING COLUMNS (b), b INT, CONSTRAINT fk FOREIGN KEY (b) REFERENCES p (b)) "
                    + "WITH ROW FILTER m.rf ON (b) CLUSTER BY AUTO",
            "ALTER TABLE t ALTER COLUMN c SET MASK m.f",
            "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * EXCEPT (x)",
            "SELECT v:a.b[0]::int FROM t QUALIFY row_number() OVER (ORDER BY 1) = 1",
            "COPY INTO t FROM (SELECT _c0::int FROM 's3://b/p') FILEFORMAT = CSV",
            "CREATE WIDGET DROPDOWN w DEFAULT 'a' CHOICES SELECT x FROM t",
            "SELECT * FROM (DESCRIBE HISTORY main.a.b LIMIT 5) h JOIN (DESC HISTORY '/data/t') d USING (version)",
            "VACUUM main.a.b USING INVENTORY (WITH i AS (SELECT * FROM inv.f) SELECT * FROM i) RETAIN 168 HOURS DRY RUN",
            "VACUUM t USING INVENTORY inv.files LITE",
            "ALTER SHARE s ALTER TABLE main.a.b COMMENT 'c' AS x.y WITH CHANGE DATA FEED START VERSION 3",
            "ALTER SHARE s REMOVE MATERIALIZED VIEW main.a.mv; ALTER SHARE s RENAME TO s2; DROP SHARE IF EXISTS s2",
            "CREATE OR REPLACE SHARE s COMMENT 'again'",
            "COPY INTO IDENTIFIER(:catalog || '.a.b') FROM '/Volumes/x' FILEFORMAT = JSON",
            "INSERT INTO t REPLACE WHERE d = :d SELECT raw:a::int FROM IDENTIFIER(:src) QUALIFY rank() OVER (ORDER BY 1) = 1");

    private static final String[] NOISE = {"(", ")", "$$", ";", ",", ".", "`", "'", "STREAM", "FLOW", "AUTO",
        "CDC", "INTO", "FROM", "KEYS", "AS", "SELECT", "WITH", "METRICS", "YAML", "SHARE", "TABLE", "REFERENCES",
        "ONCE", "MASK", "ROW", "FILTER", "ON", "LIVE", "EXPECT", "SCHEDULE", ":", "::", "source:", "\n  - ", "*",
        "DESCRIBE", "HISTORY", "INVENTORY", "USING", "IDENTIFIER(", "RENAME", "DROP", "'/p'", "||"};

    @Test
    void givesEveryMangledVariantOfTheNewFormsAnOutcome() {
        Random random = new Random(13);
        for (int round = 0; round < 400; round++) {
            for (String form : FORMS) {
                String variant = mangle(form, random);
                assertThatCode(() -> assertOutcome(Golden.analyze(variant))).as(variant).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void givesAMegabytePipelineScriptAnOutcome() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; script.length() < 1_000_000; i++) {
            script.append("CREATE OR REFRESH STREAMING TABLE st_").append(i)
                    .append(" (id INT, CONSTRAINT c EXPECT (id > 0) ON VIOLATION DROP ROW) AS SELECT * FROM STREAM(src_")
                    .append(i).append(");\nCREATE FLOW f_").append(i).append(" AS AUTO CDC INTO st_").append(i)
                    .append(" FROM STREAM(cdc_").append(i).append(") KEYS (id) SEQUENCE BY ts;\n")
                    .append("CREATE OR REFRESH MATERIALIZED VIEW mv_").append(i).append(" AS SELECT id, count(*) FROM st_")
                    .append(i).append(" GROUP BY id;\n");
        }
        assertThat(script.length()).isLessThan(AnalyzerSettings.defaults().maxSqlChars());

        assertThatCode(() -> assertOutcome(Golden.analyze(script.toString()))).doesNotThrowAnyException();
    }

    @Test
    void givesAMegabyteScriptOfShareHistoryAndInventoryStatementsAnOutcome() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; script.length() < 1_000_000; i++) {
            script.append("ALTER SHARE s_").append(i % 7).append(" ADD TABLE main.a.t_").append(i)
                    .append(" AS a.t_").append(i).append(" WITH HISTORY;\nSELECT * FROM (DESCRIBE HISTORY main.a.t_")
                    .append(i).append(");\nVACUUM main.a.t_").append(i)
                    .append(" USING INVENTORY (SELECT * FROM inv.f WHERE t = ").append(i).append(");\n");
        }

        Analysis analysis = Golden.analyze(script.toString());

        assertThatCode(() -> assertOutcome(analysis)).doesNotThrowAnyException();
        assertThat(analysis.shareChanges().size()).isLessThanOrEqualTo(analysis.accesses().size());
    }

    private static void assertOutcome(Analysis analysis) {
        assertThat(analysis).isNotNull();
        assertThat(analysis.status()).isNotNull();
        if (analysis.status() != AnalysisStatus.ANALYZED) {
            assertThat(analysis.reason()).isNotBlank().doesNotContain("analyser failure");
        }
    }

    /** One to three random edits: drop, repeat or insert noise at a token boundary, or cut the text short. */
    private static String mangle(String form, Random random) {
        List<String> parts = new ArrayList<>(List.of(form.split(" ")));
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && !parts.isEmpty(); e++) {
            int at = random.nextInt(parts.size());
            switch (random.nextInt(4)) {
                case 0 -> parts.remove(at);
                case 1 -> parts.add(at, parts.get(at));
                case 2 -> parts.add(at, NOISE[random.nextInt(NOISE.length)]);
                default -> parts.subList(at, parts.size()).clear();
            }
        }
        return String.join(" ", parts);
    }
}
