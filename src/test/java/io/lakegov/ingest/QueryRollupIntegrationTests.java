package io.lakegov.ingest;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.QueryAssertions;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rollups behind a table's query groups stay equal to the facts, history rows and analyses through
 * ingestion in small batches, newer versions of statements, a re-analysis and a run that reads every row
 * again; the p95 they give stays within the documented bound of the exact one.
 */
@IntegrationTest(properties = { "lakegov.ingest.batch-size=3", "lakegov.analysis.default-catalog=main",
		"lakegov.analysis.default-schema=s" })
class QueryRollupIntegrationTests {

	static final LocalDate DAY = LocalDate.now(ZoneOffset.UTC).minusDays(2);

	static final Instant T0 = DAY.atTime(8, 0).toInstant(ZoneOffset.UTC);

	static final String WINDOW = "?from=" + DAY.minusDays(1) + "&to=" + DAY;

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	SourceRows source;

	@BeforeEach
	void ingestStatementsOverTwoDays() {
		StoreReset.resetKeepingAnalyses(jdbc, "query.history");
		source = new SourceRows(jdbc);
		for (int i = 1; i <= 60; i++) {
			// durations from 7 ms to about 25 s, on two days, by three users through two dashboards and ad hoc
			Instant started = T0.minusSeconds(i % 2 == 0 ? 86_400 : 0).plusSeconds(i);
			var row = source.row("r" + i).text("SELECT id FROM t1 WHERE id = " + i).user("u" + i % 3).started(started)
				.set("total_duration_ms", 7L * i * i).set("read_bytes", 11L * i);
			(i % 3 == 0 ? row : row.source("{\"dashboard_id\": \"d" + i % 2 + "\"}")).save();
		}
		source.row("j1").text("INSERT INTO t2 SELECT * FROM t1 JOIN t3 ON t1.id = t3.id").user("etl").started(T0)
			.set("total_duration_ms", 90_000L).source("{\"job_info\": {\"job_id\": \"7\", \"job_run_id\": \"1\"}}").save();
		source.row("x1").text("SELECT count(*) FROM t1").user("  ").started(T0.plusSeconds(5)).status("RUNNING")
			.set("total_duration_ms", null).set("read_bytes", null).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	@Test
	void staysEqualToTheFactsThroughNewVersionsReanalysisAndRereads() {
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		source.row("x1").text("SELECT count(*) FROM t1").user("ann").started(T0.plusSeconds(5)).updated(T0.plusSeconds(600))
			.set("total_duration_ms", 1234L).set("read_bytes", 5L).save();
		source.row("r5").text("SELECT name FROM t3 WHERE id = 5").user("u2").started(T0.plusSeconds(5))
			.updated(T0.plusSeconds(600)).set("total_duration_ms", 9L).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).rowsChanged()).isEqualTo(2);
		QueryAssertions.assertQueriesMatchFacts(jdbc);
		JsonNode t3 = get("/api/v1/tables/main.s.t3/queries" + WINDOW).get("queries");
		assertThat(t3.get("totalItems").asLong()).as("the join and r5's new shape").isEqualTo(2);

		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1' WHERE statement_id IN ('r1', 'r2', 'j1')").update();
		assertThat(ingestion.reanalyse().rowsChanged()).isEqualTo(3);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		List<String> before = rollups();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(rollups()).isEqualTo(before);
	}

	@Test
	void answersThePercentileWithinTheSketchBoundAndEverythingElseExactly() {
		JsonNode group = get("/api/v1/tables/main.s.t1/queries" + WINDOW).get("queries").get("items").get(0);
		assertThat(group.get("statements").asLong()).isEqualTo(60);
		assertThat(group.get("users").asLong()).isEqualTo(3);
		assertThat(group.get("sourceCount").asLong()).isEqualTo(3);
		assertThat(group.get("totalDurationMs").asLong()).isEqualTo(7L * 60 * 61 * 121 / 6);
		assertThat(group.get("readBytes").asLong()).isEqualTo(11L * 60 * 61 / 2);
		assertThat(group.get("firstRun").asString()).isEqualTo(T0.minusSeconds(86_400).plusSeconds(2).toString());
		assertThat(group.get("lastRun").asString()).isEqualTo(T0.plusSeconds(59).toString());
		// nearest rank: the 57th of 60 durations 7 i^2
		long exact = 7L * 57 * 57;
		assertThat(group.get("p95DurationMs").asLong()).isBetween((long) (exact * 0.955 - 0.5), (long) (exact * 1.045 + 0.5));
		JsonNode oneDay = get("/api/v1/tables/main.s.t1/queries?from=" + DAY + "&to=" + DAY).get("queries").get("items")
			.get(0);
		assertThat(oneDay.get("statements").asLong()).isEqualTo(30);
		assertThat(oneDay.get("users").asLong()).isEqualTo(3);
		JsonNode unknown = get("/api/v1/tables/main.s.t1/queries" + WINDOW + "&sort=duration").get("queries").get("items")
			.get(2);
		assertThat(unknown.get("example").asString()).as("the running statement, no duration yet")
			.isEqualTo("SELECT count(*) FROM t1");
		assertThat(unknown.get("p95DurationMs").isNull()).isTrue();
		assertThat(unknown.get("totalDurationMs").asLong()).isZero();
	}

	@Test
	void staysExactWithLateRowsAndHostileValues() {
		// a late row: a run of a known shape on the earlier day, published after the day's other rows were read, by a new user through a new dashboard
		source.row("r61").text("SELECT id FROM t1 WHERE id = 61").user("late").started(T0.minusSeconds(86_000))
			.updated(T0.plusSeconds(900)).set("total_duration_ms", 3L).set("read_bytes", 1L).source("{\"dashboard_id\": \"d9\"}").save();
		// sums past a long, negative figures, and names with the characters arrays and records quote
		String user = "a,\"b\" (c) {d} \\e\u001f";
		for (String id : List.of("h1", "h2")) {
			source.row(id).text("UPDATE t4 SET x = 1").user(user).started(T0.plusSeconds(id.equals("h1") ? 1 : 2))
				.set("total_duration_ms", Long.MAX_VALUE).set("read_bytes", Long.MAX_VALUE)
				.source("{\"dashboard_id\": \"d,(\\\")}\"}").save();
		}
		source.row("h3").text("UPDATE t4 SET x = 1").user(user).started(T0.plusSeconds(3)).set("total_duration_ms", -5L)
			.set("read_bytes", -7L).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		JsonNode t1 = get("/api/v1/tables/main.s.t1/queries" + WINDOW).get("queries").get("items").get(0);
		assertThat(t1.get("statements").asLong()).isEqualTo(61);
		assertThat(t1.get("users").asLong()).isEqualTo(4);
		assertThat(t1.get("sourceCount").asLong()).isEqualTo(4);
		assertThat(t1.get("firstRun").asString()).isEqualTo(T0.minusSeconds(86_400).plusSeconds(2).toString());
		JsonNode t4 = get("/api/v1/tables/main.s.t4/queries" + WINDOW).get("queries").get("items").get(0);
		assertThat(t4.get("statements").asLong()).isEqualTo(3);
		assertThat(t4.get("users").asLong()).isEqualTo(1);
		assertThat(t4.get("sourceCount").asLong()).isEqualTo(2);
		assertThat(t4.get("totalDurationMs").asLong()).as("saturated").isEqualTo(Long.MAX_VALUE);
		assertThat(t4.get("readBytes").asLong()).as("saturated").isEqualTo(Long.MAX_VALUE);
		assertThat(t4.get("p95DurationMs").asLong()).isEqualTo(Long.MAX_VALUE);
		assertThat(t4.get("sources").toString()).contains("d,(\\\")}");
		assertP95WithinTheBound();
	}

	/** Every group's p95 against the exact nearest-rank one: within 4.4 % plus the rounding's 0.5 ms. */
	private void assertP95WithinTheBound() {
		List<Exact> exact = jdbc.sql("""
				SELECT s.table_name, a.fingerprint, percentile_disc(0.95) WITHIN GROUP (ORDER BY h.total_duration_ms) AS p95
				FROM (SELECT DISTINCT source, statement_id, table_name FROM table_access WHERE role IN ('READ', 'WRITE')) s
				JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
				LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
				WHERE h.total_duration_ms >= 0
				GROUP BY s.table_name, a.fingerprint""")
			.query((rs, n) -> new Exact(rs.getString(1), rs.getString(2), rs.getLong(3)))
			.list();
		assertThat(exact).hasSizeGreaterThan(3);
		for (Exact group : exact) {
			JsonNode items = get("/api/v1/tables/" + group.table() + "/queries" + WINDOW + "&size=1000").get("queries")
				.get("items");
			JsonNode item = null;
			for (JsonNode candidate : items) {
				if (candidate.get("fingerprint").isNull() ? group.fingerprint() == null
						: candidate.get("fingerprint").asString().equals(group.fingerprint())) {
					item = candidate;
				}
			}
			assertThat(item).as(group.toString()).isNotNull();
			double bound = group.p95() * (Math.pow(2, 1.0 / 16) - 1) + 0.5;
			assertThat((double) item.get("p95DurationMs").asLong()).as(group.toString())
				.isBetween(group.p95() - bound, group.p95() + bound);
		}
	}

	private record Exact(String table, String fingerprint, long p95) {
	}

	private List<String> rollups() {
		return jdbc.sql("""
				SELECT 'q|' || concat_ws('|', table_name, business_date, fingerprint, statements, timed, total_duration_ms,
				    read_bytes, min_duration_ms, max_duration_ms, first_run, last_run, example_statement_id,
				    example_source, example_text_hash, example_version, runners, duration_buckets, bucket_statements)
				FROM table_query_daily
				ORDER BY 1""").query(String.class).list();
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port, IntegrationTest.VIEWER_KEY).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri + ": " + response.getBody()).isEqualTo(200);
		return response.getBody();
	}

}
