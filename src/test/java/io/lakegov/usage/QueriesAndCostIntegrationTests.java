package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
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
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queries behind a table's figures, what reads cost per table and user, tables read together and a
 * schema's usage, on hand-checked statements ingested from the PostgreSQL source.
 */
@IntegrationTest(properties = { "lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=sales",
		"lakegov.ingest.batch-size=4" })
class QueriesAndCostIntegrationTests {

	static final LocalDate DAY = LocalDate.now(ZoneOffset.UTC).minusDays(2);

	static final Instant T0 = DAY.atTime(9, 0).toInstant(ZoneOffset.UTC);

	static final String WINDOW = "?from=" + DAY + "&to=" + DAY;

	static final String JOIN = "SELECT o.id, c.name FROM orders o JOIN customers c ON o.cid = c.id WHERE o.id = ";

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	SourceRows source;

	RestClient api;

	@BeforeEach
	void ingestTheStatements() {
		// analyses stay: the service keeps the ones it made in memory and would not store them again
		jdbc.sql("""
				TRUNCATE query.history, query_history, session_event, table_access, usage_daily,
				    table_user_daily, table_source_daily, user_daily, table_daily, table_lineage_daily, table_summary,
				    read_cost_daily, table_cost_daily, user_cost_daily, co_read_daily, ingestion_run, ingestion_watermark""")
			.update();
		source = new SourceRows(jdbc);
		api = TestApi.withKey(port, IntegrationTest.VIEWER_KEY);
		// 1001 ms and 301 bytes over customers and orders: customers (first by name) 501 and 151, orders 500 and 150
		run("q1", "ann", JOIN + "1", 1001, 301, 0).source("{\"dashboard_id\": \"d1\"}").save();
		run("q2", "bob", JOIN + "2", 3000, 100, 60).source("{\"dashboard_id\": \"d1\"}").save();
		run("q3", "ann", "SELECT count(*) FROM orders WHERE day = '2026-01-01'", 200, 1000, 120).save();
		run("q4", "etl", "INSERT INTO daily SELECT * FROM orders", 5000, 2000, 180)
			.source("{\"job_info\": {\"job_id\": \"42\", \"job_run_id\": \"1\"}}").save();
		run("q5", "cy", "SELECT * FROM orders WHERE id = 7", 0, 0, 240).status("RUNNING")
			.set("total_duration_ms", null).set("read_bytes", null).save();
		for (int i = 1; i <= 20; i++) {
			run("p" + i, i % 2 == 1 ? "dee" : "eve", "SELECT id FROM orders WHERE id = " + i, 10L * i, 5, 300 + i).save();
		}
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	@Test
	void groupsTheStatementsOfATableByFingerprint() {
		JsonNode queries = get("/api/v1/tables/main.sales.orders/queries" + WINDOW).get("queries");
		assertThat(queries.get("totalItems").asLong()).isEqualTo(5);
		JsonNode ids = queries.get("items").get(0);
		assertThat(ids.get("statements").asLong()).isEqualTo(20);
		assertThat(ids.get("users").asLong()).isEqualTo(2);
		assertThat(ids.get("totalDurationMs").asLong()).isEqualTo(2100);
		// nearest rank: the 19th of 20 durations 10, 20, ... 200
		assertThat(ids.get("p95DurationMs").asLong()).isEqualTo(190);
		assertThat(ids.get("readBytes").asLong()).isEqualTo(100);
		assertThat(ids.get("sources").toString()).isEqualTo("[{\"kind\":\"ADHOC\",\"id\":\"\"}]");
		assertThat(ids.get("firstRun").asString()).isEqualTo(T0.plusSeconds(301).toString());
		assertThat(ids.get("lastRun").asString()).isEqualTo(T0.plusSeconds(320).toString());
		assertThat(ids.get("example").asString()).doesNotContain("20").contains("orders");

		JsonNode join = queries.get("items").get(1);
		assertThat(join.get("statements").asLong()).isEqualTo(2);
		assertThat(join.get("users").asLong()).isEqualTo(2);
		assertThat(join.get("totalDurationMs").asLong()).as("whole statements, not the table's share").isEqualTo(4001);
		assertThat(join.get("p95DurationMs").asLong()).isEqualTo(3000);
		assertThat(join.get("readBytes").asLong()).isEqualTo(401);
		assertThat(join.get("sources").toString()).isEqualTo("[{\"kind\":\"DASHBOARD\",\"id\":\"d1\"}]");
		assertThat(join.get("sourceCount").asLong()).isEqualTo(1);
		assertThat(join.get("example").asString()).isEqualTo(redacted("q2")).doesNotContain("= 2");
		assertThat(join.get("fingerprint").asString()).isNotBlank();

		JsonNode running = find(queries.get("items"), "q5");
		assertThat(running.get("p95DurationMs").isNull()).as("a running statement has no duration yet").isTrue();
		assertThat(get("/api/v1/tables/main.sales.daily/queries" + WINDOW).get("queries").get("items").get(0)
			.get("totalDurationMs").asLong()).as("statements that wrote the table count too").isEqualTo(5000);
		assertThat(get("/api/v1/tables/main.sales.orders/queries" + WINDOW + "&sort=duration").get("queries").get("items")
			.get(0).get("totalDurationMs").asLong()).isEqualTo(5000);
		JsonNode second = get("/api/v1/tables/orders/queries" + WINDOW + "&size=2&page=2").get("queries");
		assertThat(second.get("items")).hasSize(1);
		assertThat(second.get("totalItems").asLong()).isEqualTo(5);
	}

	@Test
	void splitsWhatAStatementCostEvenlyOverTheTablesItRead() {
		JsonNode orders = get("/api/v1/tables/main.sales.orders/usage" + WINDOW).get("days").get(0);
		// 500 + 1500 + 200 + 5000 + 0 (running) + 2100
		assertThat(orders.get("durationMs").asLong()).isEqualTo(9300);
		assertThat(orders.get("readBytes").asLong()).isEqualTo(150 + 50 + 1000 + 2000 + 100);
		JsonNode customers = get("/api/v1/tables/main.sales.customers/usage" + WINDOW).get("days").get(0);
		assertThat(customers.get("durationMs").asLong()).isEqualTo(501 + 1500);
		assertThat(customers.get("readBytes").asLong()).isEqualTo(151 + 50);
		assertThat(get("/api/v1/tables/main.sales.daily/usage" + WINDOW).get("days").get(0).get("durationMs").asLong())
			.as("writing costs the written table nothing").isZero();

		JsonNode byDuration = get("/api/v1/rankings/tables" + WINDOW + "&by=duration");
		assertThat(byDuration.get(0).get("table").asString()).isEqualTo("main.sales.orders");
		assertThat(byDuration.get(1).get("durationMs").asLong()).isEqualTo(2001);
		assertThat(get("/api/v1/rankings/tables" + WINDOW).get(0).get("readBytes").asLong()).isEqualTo(3300);
		assertThat(get("/api/v1/rankings/tables" + WINDOW + "&by=bytes").get(1).get("table").asString())
			.isEqualTo("main.sales.customers");

		JsonNode users = get("/api/v1/rankings/users" + WINDOW + "&by=duration");
		assertThat(users.findValuesAsString("user")).containsExactly("etl", "bob", "ann", "eve", "dee", "cy");
		assertThat(users.get(2).get("durationMs").asLong()).isEqualTo(1001 + 200);
		assertThat(users.get(2).get("readBytes").asLong()).isEqualTo(301 + 1000);
		assertThat(users.get(3).get("durationMs").asLong()).isEqualTo(1100);
		assertThat(find(get("/api/v1/rankings/users" + WINDOW), "dee").get("durationMs").asLong()).isEqualTo(1000);

		JsonNode ann = get("/api/v1/users/ann/tables" + WINDOW).get("tables").get("items");
		assertThat(find(ann, "main.sales.orders").get("durationMs").asLong()).isEqualTo(500 + 200);
		assertThat(find(ann, "main.sales.orders").get("readBytes").asLong()).isEqualTo(150 + 1000);
		assertThat(find(ann, "main.sales.customers").get("durationMs").asLong()).isEqualTo(501);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void followsAStatementFromRunningToFinishedAndARerunChangesNothing() {
		assertThat(find(get("/api/v1/rankings/users" + WINDOW), "cy").get("durationMs").asLong()).isZero();

		run("q5", "cy", "SELECT * FROM orders WHERE id = 7", 700, 70, 240).updated(T0.plusSeconds(900)).save();
		IngestionRun finished = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(finished.rowsChanged()).isEqualTo(1);
		JsonNode orders = get("/api/v1/tables/main.sales.orders/usage" + WINDOW).get("days").get(0);
		assertThat(orders.get("durationMs").asLong()).isEqualTo(10_000);
		assertThat(orders.get("readBytes").asLong()).isEqualTo(3370);
		assertThat(find(get("/api/v1/rankings/users" + WINDOW), "cy").get("durationMs").asLong()).isEqualTo(700);
		assertThat(find(get("/api/v1/tables/main.sales.orders/queries" + WINDOW).get("queries").get("items"), "q5")
			.get("p95DurationMs").asLong()).isEqualTo(700);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		List<String> before = rollups();
		// the run starts the overlap (2 h) before the watermark: it reads every row again
		IngestionRun again = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(again.rowsRead()).isEqualTo(25);
		assertThat(again.rowsChanged()).isZero();
		assertThat(rollups()).isEqualTo(before);
	}

	@Test
	void countsNegativeFiguresAsZeroAndSaturatesSumsPastTheRangeOfALong() {
		run("h1", "hal", "SELECT * FROM huge", -5, Long.MAX_VALUE, 400).save();
		run("h2", "hal", "SELECT * FROM huge WHERE x = 1", 10, Long.MAX_VALUE, 401).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		JsonNode huge = get("/api/v1/tables/main.sales.huge/usage" + WINDOW).get("days").get(0);
		assertThat(huge.get("durationMs").asLong()).isEqualTo(10);
		assertThat(huge.get("readBytes").asLong()).isEqualTo(Long.MAX_VALUE);
		JsonNode queries = get("/api/v1/tables/main.sales.huge/queries" + WINDOW).get("queries").get("items");
		assertThat(queries.get(0).get("readBytes").asLong()).isEqualTo(Long.MAX_VALUE);
		assertThat(get("/api/v1/rankings/tables" + WINDOW + "&by=bytes").get(0).get("table").asString())
			.isEqualTo("main.sales.huge");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void listsTablesReadTogether() {
		JsonNode related = get("/api/v1/tables/main.sales.orders/related" + WINDOW);
		assertThat(related.get("reads").asLong()).isEqualTo(25);
		assertThat(related.get("tables").get("totalItems").asLong()).isEqualTo(1);
		JsonNode customers = related.get("tables").get("items").get(0);
		assertThat(customers.get("table").asString()).isEqualTo("main.sales.customers");
		assertThat(customers.get("statements").asLong()).isEqualTo(2);
		assertThat(customers.get("lastRead").asString()).isEqualTo(T0.plusSeconds(60).toString());
		assertThat(get("/api/v1/tables/customers/related" + WINDOW).get("tables").get("items").get(0).get("table")
			.asString()).isEqualTo("main.sales.orders");
		assertThat(get("/api/v1/tables/main.sales.daily/related" + WINDOW).get("tables").get("totalItems").asLong())
			.as("writing with a read is not reading together").isZero();
		JsonNode unseen = get("/api/v1/tables/main.sales.nothing/related");
		assertThat(unseen.get("seen").asBoolean()).isFalse();
		assertThat(unseen.get("tables").get("items")).isEmpty();
	}

	@Test
	void summsASchemaOverItsTables() {
		JsonNode schema = get("/api/v1/schemas/MAIN.sales/usage" + WINDOW);
		assertThat(schema.get("schema").asString()).isEqualTo("main.sales");
		assertThat(schema.get("seen").asBoolean()).isTrue();
		JsonNode totals = schema.get("totals");
		assertThat(totals.get("tables").asLong()).isEqualTo(3);
		assertThat(totals.get("usedTables").asLong()).isEqualTo(3);
		assertThat(totals.get("reads").asLong()).isEqualTo(27);
		assertThat(totals.get("writes").asLong()).isEqualTo(1);
		assertThat(totals.get("durationMs").asLong()).isEqualTo(9300 + 2001);
		assertThat(totals.get("readBytes").asLong()).isEqualTo(3300 + 201);
		JsonNode tables = schema.get("tables");
		assertThat(tables.get("items").findValuesAsString("table")).containsExactly("main.sales.orders",
				"main.sales.customers", "main.sales.daily");
		JsonNode orders = tables.get("items").get(0);
		assertThat(orders.get("reads").asLong()).isEqualTo(25);
		assertThat(orders.get("users").asLong()).isEqualTo(6);
		assertThat(orders.get("durationMs").asLong()).isEqualTo(9300);
		JsonNode page = get("/api/v1/schemas/main.sales/usage" + WINDOW + "&size=1&page=5");
		assertThat(page.get("tables").get("items")).isEmpty();
		assertThat(page.get("totals").get("reads").asLong()).isEqualTo(27);
		assertThat(page.get("tables").get("totalItems").asLong()).isEqualTo(3);
		assertThat(get("/api/v1/schemas/main.nothing/usage").get("seen").asBoolean()).isFalse();
	}

	private SourceRows.Row run(String id, String user, String sql, long durationMs, long bytes, int offsetSeconds) {
		return source.row(id).text(sql).user(user).started(T0.plusSeconds(offsetSeconds))
			.set("total_duration_ms", durationMs).set("read_bytes", bytes);
	}

	private String redacted(String statementId) {
		return jdbc.sql("""
				SELECT a.redacted_sql FROM query_history h
				JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
				WHERE h.statement_id = :id""").param("id", statementId).query(String.class).single();
	}

	/** The query group of one statement's fingerprint, the user or the table named {@code key}. */
	private JsonNode find(JsonNode items, String key) {
		String fingerprint = key.matches("q\\d+") ? jdbc.sql("""
				SELECT a.fingerprint FROM query_history h
				JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
				WHERE h.statement_id = :id""").param("id", key).query(String.class).single() : null;
		for (JsonNode item : items) {
			if (fingerprint != null ? fingerprint.equals(item.path("fingerprint").asString())
					: key.equals(item.path("user").asString()) || key.equals(item.path("table").asString())) {
				return item;
			}
		}
		throw new AssertionError(key + " not in " + items);
	}

	private List<String> rollups() {
		return jdbc.sql("""
				SELECT 'c|' || concat_ws('|', business_date, table_name, user_name, duration_ms, read_bytes) FROM read_cost_daily
				UNION ALL SELECT 't|' || concat_ws('|', business_date, table_name, duration_ms, read_bytes) FROM table_cost_daily
				UNION ALL SELECT 'u|' || concat_ws('|', business_date, user_name, duration_ms, read_bytes) FROM user_cost_daily
				UNION ALL SELECT 'r|' || concat_ws('|', business_date, table_name, other_table, statements, last_event)
				FROM co_read_daily
				UNION ALL SELECT 'd|' || concat_ws('|', business_date, table_name, reads, writes, users) FROM table_daily
				ORDER BY 1""").query(String.class).list();
	}

	private JsonNode get(String uri) {
		var response = api.get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri + ": " + response.getBody()).isEqualTo(200);
		return response.getBody();
	}

}
