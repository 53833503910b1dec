package io.lakegov.ingest;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.history.Sources;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest(properties = { "lakegov.ingest.batch-size=3", "lakegov.analysis.default-catalog=main",
		"lakegov.history.keep-raw-text=true",
		"lakegov.analysis.default-schema=default" })
class IngestionIntegrationTests {

	@LocalServerPort
	int port;

	static final Instant T0 = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionStatusService status;

	@Autowired
	Sources sources;

	SourceRows source;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		source = new SourceRows(jdbc);
	}

	@Test
	void countsMaskedAndEmptyTextsAndSaysWhatToDoWhenTheyAreMany() {
		source.row("m1").text("<REDACTED>").user("ann").started(T0).save();
		source.row("m2").text("<Redacted>").user("bob").started(T0.plusSeconds(1)).save();
		source.row("m3").text("").user("cid").started(T0.plusSeconds(2)).save();
		source.row("ok").text("SELECT * FROM main.sales.orders").user("dee").started(T0.plusSeconds(3)).save();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.rowsRead()).isEqualTo(4);
		assertThat(run.rowsMasked()).isEqualTo(3);
		assertThat(jdbc.sql("SELECT statement_id || '|' || analysis_status FROM query_history ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("m1|REDACTED", "m2|REDACTED", "m3|EMPTY", "ok|ANALYZED");
		IngestionStatus now = status.current(sources.primary());
		assertThat(now.maskedShare()).isEqualTo(0.75);
		assertThat(now.advice()).startsWith("75% of the statement texts").contains("databricks_pii_access");
		ingestion.reanalyse();
		assertThat(status.current(sources.primary()).maskedShare()).as("a re-analysis reads no rows and changes nothing").isEqualTo(0.75);

		source.clear();
		source.row("ok2").text("SELECT * FROM main.sales.orders").user("dee").started(T0.plusSeconds(4)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(status.current(sources.primary()).advice()).as("a run with every text readable").isNull();
	}

	@Test
	void ingestsReadsWritesAndQuerySources() {
		source.row("s1").text("SELECT * FROM sales.orders o JOIN sales.customers c ON o.c = c.id").user("ann")
			.source("{\"dashboard_id\": \"dash-1\"}").started(T0).save();
		source.row("s2").text("INSERT INTO gold.daily SELECT * FROM silver.orders").user("etl@sp")
			.source("{\"job_info\": {\"job_id\": \"77\", \"job_run_id\": \"1\"}, \"notebook_id\": \"nb\"}")
			.started(T0.plusSeconds(1)).save();
		source.row("s3").text("SELECT * FROM main.sales.orders VERSION AS OF 12").user("bob").started(T0.plusSeconds(2))
			.save();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsRead()).isEqualTo(3);
		assertThat(run.rowsChanged()).isEqualTo(3);
		assertThat(IngestionTestSupport.facts(jdbc, "s1")).containsExactly("main.sales.orders|READ|-|-",
				"main.sales.customers|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "s2")).containsExactlyInAnyOrder("main.gold.daily|WRITE|-|-",
				"main.silver.orders|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "s3")).containsExactly("main.sales.orders|READ|VERSION|12");
		assertThat(jdbc.sql("SELECT DISTINCT source_kind || ':' || source_id FROM table_access WHERE statement_id = 's2'")
			.query(String.class)
			.single()).isEqualTo("JOB:77");
		assertThat(jdbc.sql("SELECT DISTINCT source_kind || ':' || source_id FROM table_access WHERE statement_id = 's1'")
			.query(String.class)
			.single()).isEqualTo("DASHBOARD:dash-1");
		assertThat(ingestion.watermark()).contains(T0.plusSeconds(7));
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void ingestingOneWindowThreeTimesGivesIdenticalHistoryFactsAndRollups() {
		for (int i = 0; i < 10; i++) {
			source.row("idem-" + i).text("SELECT * FROM s.t" + (i % 3) + " WHERE id = " + i).user("u" + (i % 2))
				.started(T0.plusSeconds(i)).save();
		}
		Instant from = T0.minusSeconds(60);
		Instant to = T0.plusSeconds(3600);
		ingestion.backfill(from, to);
		List<String> history = IngestionTestSupport.history(jdbc);
		List<String> facts = IngestionTestSupport.facts(jdbc);
		List<String> rollups = IngestionTestSupport.rollups(jdbc);
		assertThat(facts).hasSize(10);

		IngestionRun second = ingestion.backfill(from, to);
		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(second.rowsRead()).isEqualTo(10);
		assertThat(second.rowsChanged()).isZero();
		assertThat(IngestionTestSupport.history(jdbc)).isEqualTo(history);
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
		assertThat(IngestionTestSupport.rollups(jdbc)).isEqualTo(rollups);
	}

	@Test
	void newerVersionOfARowReplacesItAndAnOlderOneNeverDoes() {
		source.row("late").text("SELECT * FROM s.first").status("RUNNING").started(T0).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(IngestionTestSupport.facts(jdbc, "late")).containsExactly("main.s.first|READ|-|-");

		source.row("late").text("SELECT * FROM s.second").status("FINISHED").updated(T0.plusSeconds(60)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(IngestionTestSupport.facts(jdbc, "late")).containsExactly("main.s.second|READ|-|-");
		assertThat(jdbc.sql("SELECT execution_status FROM query_history WHERE statement_id = 'late'")
			.query(String.class)
			.single()).isEqualTo("FINISHED");

		// the source hands out the old version again (out of order): it must not win
		source.row("late").text("SELECT * FROM s.first").status("RUNNING").updated(T0.plusSeconds(5)).save();
		ingestion.backfill(T0.minusSeconds(60), T0.plusSeconds(3600));
		assertThat(IngestionTestSupport.facts(jdbc, "late")).containsExactly("main.s.second|READ|-|-");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void keepsHostileRowsAndRecordsWhyTheyWereNotAnalysed() {
		jdbc.sql("ALTER TABLE query.history ADD COLUMN IF NOT EXISTS brand_new_column text").update();
		try {
			source.row("null-text").started(T0).save();
			source.row("redacted").text("<REDACTED>").started(T0.plusSeconds(1)).save();
			source.row("huge").text("SELECT * FROM s.t WHERE x IN (" + "1,".repeat(600_000) + "1)")
				.started(T0.plusSeconds(2))
				.save();
			source.row("control").text("SELECT * FROM s.ctl WHERE a = 'x\u0001y'").started(T0.plusSeconds(3)).save();
			source.row("no-user").text("SELECT * FROM s.anon").started(T0.plusSeconds(4)).save();
			source.row("bad-json").text("SELECT * FROM s.src").source("{\"dashboard_id\": 5}")
				.set("brand_new_column", "kept")
				.started(T0.plusSeconds(5))
				.save();
			source.row("garbage").text("\u00ff\u00fe\u0001\u0002 ))) SELECT FROM (((").started(T0.plusSeconds(6)).save();

			IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

			assertThat(run.status()).isEqualTo("SUCCEEDED");
			assertThat(run.rowsRead()).isEqualTo(7);
			assertThat(status("null-text")).isEqualTo("EMPTY");
			assertThat(status("redacted")).isEqualTo("REDACTED");
			assertThat(status("huge")).isEqualTo("UNANALYZABLE");
			assertThat(status("garbage")).isEqualTo("UNANALYZABLE");
			assertThat(IngestionTestSupport.facts(jdbc, "huge")).isEmpty();
			assertThat(IngestionTestSupport.facts(jdbc, "control")).containsExactly("main.s.ctl|READ|-|-");
			assertThat(jdbc.sql("SELECT DISTINCT user_name FROM table_access WHERE statement_id = 'no-user'")
				.query(String.class)
				.single()).isEqualTo("(unknown)");
			assertThat(jdbc.sql("SELECT extra_columns ->> 'brand_new_column' FROM query_history WHERE statement_id = 'bad-json'")
				.query(String.class)
				.single()).isEqualTo("kept");
			assertThat(run.unanalysable()).isEqualTo(4);

			String days = "&from=" + T0.atOffset(ZoneOffset.UTC).toLocalDate().minusDays(1) + "&to="
					+ T0.atOffset(ZoneOffset.UTC).toLocalDate().plusDays(1) + "&size=1000";
			JsonNode unanalysable = TestApi.withKey(port).get()
				.uri("/api/v1/statements?analysisStatus=UNANALYZABLE" + days)
				.retrieve()
				.body(JsonNode.class);
			assertThat(unanalysable.get("items").valueStream().map(item -> item.get("statementId").asString()))
				.contains("huge", "garbage")
				.doesNotContain("control", "redacted");
			assertThat(unanalysable.get("items")).allSatisfy(item -> {
				assertThat(item.get("analysisStatus").asString()).isEqualTo("UNANALYZABLE");
				assertThat(item.get("analysisReason").asString()).as("why, in the data").isNotBlank();
				assertThat(item.get("analysisStage").asString()).isNotBlank();
			});
			JsonNode masked = TestApi.withKey(port).get().uri("/api/v1/statements?analysisStatus=REDACTED" + days)
				.retrieve()
				.body(JsonNode.class);
			assertThat(masked.get("items").valueStream().map(item -> item.get("statementId").asString()))
				.contains("redacted")
				.doesNotContain("huge");
			JsonNode analysed = TestApi.withKey(port).get().uri("/api/v1/statements?analysisStatus=ANALYZED" + days)
				.retrieve()
				.body(JsonNode.class);
			assertThat(analysed.get("items")).allSatisfy(item -> assertThat(item.get("analysisReason").isNull()).isTrue());
			assertThat(TestApi.withKey(port).get().uri("/api/v1/statements?analysisStatus=broken" + days)
				.retrieve()
				.toBodilessEntity()
				.getStatusCode()
				.value()).isEqualTo(400);
		}
		finally {
			jdbc.sql("ALTER TABLE query.history DROP COLUMN IF EXISTS brand_new_column").update();
		}
	}

	@Test
	void storesTextsWithTabsNewlinesAndBackslashesExactlyAsTheSourceHadThem() {
		String text = "SELECT a,\tb -- tab\r\n  FROM s.escaped\nWHERE p LIKE 'a\\\\b\\N' AND q = '\u00e9\u6f22\\t'";
		source.row("escaped").text(text).user("ann\tlee\\").started(T0).save();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(jdbc.sql("SELECT statement_text FROM query_history WHERE statement_id = 'escaped'")
			.query(String.class)
			.single()).isEqualTo(text);
		assertThat(jdbc.sql("SELECT DISTINCT user_name FROM table_access WHERE statement_id = 'escaped'")
			.query(String.class)
			.single()).isEqualTo("ann\tlee\\");
		assertThat(IngestionTestSupport.facts(jdbc, "escaped")).containsExactly("main.s.escaped|READ|-|-");
	}

	@Test
	void reanalysisRederivesFactsOfOlderAnalyserVersions() {
		source.row("old").text("SELECT * FROM s.t1").started(T0).save();
		ingestion.runIncremental(RunKind.MANUAL);
		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1'").update();
		jdbc.sql("DELETE FROM table_access").update();

		IngestionRun run = ingestion.reanalyse();

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsChanged()).isEqualTo(1);
		assertThat(IngestionTestSupport.facts(jdbc, "old")).containsExactly("main.s.t1|READ|-|-");
		assertThat(jdbc.sql("SELECT analyzer_version FROM query_history").query(String.class).single())
			.isEqualTo(io.lakegov.sql.StatementAnalyzer.VERSION);
	}

	private String status(String statementId) {
		return jdbc.sql("SELECT analysis_status FROM query_history WHERE statement_id = :id")
			.param("id", statementId)
			.query(String.class)
			.single();
	}

}
