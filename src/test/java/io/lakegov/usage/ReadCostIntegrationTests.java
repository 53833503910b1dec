package io.lakegov.usage;

import java.util.List;

import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.usage.QueryWorkload.T0;
import static io.lakegov.usage.QueryWorkload.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;

/** What reads cost per table, user and schema, following each statement's newest history row, on {@link QueryWorkload}. */
@IntegrationTest(properties = { "lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=sales",
		"lakegov.ingest.batch-size=4" })
class ReadCostIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	QueryWorkload workload;

	@BeforeEach
	void ingestTheWorkload() {
		workload = new QueryWorkload(jdbc, port);
		workload.ingest(ingestion);
	}

	@Test
	void splitsWhatAStatementCostEvenlyOverTheTablesItRead() {
		JsonNode orders = workload.get("/api/v1/tables/main.sales.orders/usage" + WINDOW).get("days").get(0);
		// 500 + 1500 + 200 + 5000 + 0 (running) + 2100
		assertThat(orders.get("durationMs").asLong()).isEqualTo(9300);
		assertThat(orders.get("readBytes").asLong()).isEqualTo(150 + 50 + 1000 + 2000 + 100);
		JsonNode customers = workload.get("/api/v1/tables/main.sales.customers/usage" + WINDOW).get("days").get(0);
		assertThat(customers.get("durationMs").asLong()).isEqualTo(501 + 1500);
		assertThat(customers.get("readBytes").asLong()).isEqualTo(151 + 50);
		assertThat(workload.get("/api/v1/tables/main.sales.daily/usage" + WINDOW).get("days").get(0).get("durationMs").asLong())
			.as("writing costs the written table nothing").isZero();

		JsonNode byDuration = workload.get("/api/v1/rankings/tables" + WINDOW + "&by=duration");
		assertThat(byDuration.get(0).get("table").asString()).isEqualTo("main.sales.orders");
		assertThat(byDuration.get(1).get("durationMs").asLong()).isEqualTo(2001);
		assertThat(workload.get("/api/v1/rankings/tables" + WINDOW).get(0).get("readBytes").asLong()).isEqualTo(3300);
		assertThat(workload.get("/api/v1/rankings/tables" + WINDOW + "&by=bytes").get(1).get("table").asString())
			.isEqualTo("main.sales.customers");

		JsonNode users = workload.get("/api/v1/rankings/users" + WINDOW + "&by=duration");
		assertThat(users.findValuesAsString("user")).containsExactly("etl", "bob", "ann", "eve", "dee", "cy");
		assertThat(users.get(2).get("durationMs").asLong()).isEqualTo(1001 + 200);
		assertThat(users.get(2).get("readBytes").asLong()).isEqualTo(301 + 1000);
		assertThat(users.get(3).get("durationMs").asLong()).isEqualTo(1100);
		assertThat(workload.find(workload.get("/api/v1/rankings/users" + WINDOW), "dee").get("durationMs").asLong()).isEqualTo(1000);

		JsonNode ann = workload.get("/api/v1/users/ann/tables" + WINDOW).get("tables").get("items");
		assertThat(workload.find(ann, "main.sales.orders").get("durationMs").asLong()).isEqualTo(500 + 200);
		assertThat(workload.find(ann, "main.sales.orders").get("readBytes").asLong()).isEqualTo(150 + 1000);
		assertThat(workload.find(ann, "main.sales.customers").get("durationMs").asLong()).isEqualTo(501);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void followsAStatementFromRunningToFinishedAndARerunChangesNothing() {
		assertThat(workload.find(workload.get("/api/v1/rankings/users" + WINDOW), "cy").get("durationMs").asLong()).isZero();

		workload.run("q5", "cy", "SELECT * FROM orders WHERE id = 7", 700, 70, 240).updated(T0.plusSeconds(900)).save();
		IngestionRun finished = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(finished.rowsChanged()).isEqualTo(1);
		JsonNode orders = workload.get("/api/v1/tables/main.sales.orders/usage" + WINDOW).get("days").get(0);
		assertThat(orders.get("durationMs").asLong()).isEqualTo(10_000);
		assertThat(orders.get("readBytes").asLong()).isEqualTo(3370);
		assertThat(workload.find(workload.get("/api/v1/rankings/users" + WINDOW), "cy").get("durationMs").asLong()).isEqualTo(700);
		assertThat(workload.find(workload.get("/api/v1/tables/main.sales.orders/queries" + WINDOW).get("queries").get("items"), "q5")
			.get("p95DurationMs").asLong()).isEqualTo(700);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		List<String> before = workload.rollups();
		// the run starts the overlap (2 h) before the watermark: it reads every row again
		IngestionRun again = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(again.rowsRead()).isEqualTo(25);
		assertThat(again.rowsChanged()).isZero();
		assertThat(workload.rollups()).isEqualTo(before);
	}

	@Test
	void countsNegativeFiguresAsZeroAndSaturatesSumsPastTheRangeOfALong() {
		workload.run("h1", "hal", "SELECT * FROM huge", -5, Long.MAX_VALUE, 400).save();
		workload.run("h2", "hal", "SELECT * FROM huge WHERE x = 1", 10, Long.MAX_VALUE, 401).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		JsonNode huge = workload.get("/api/v1/tables/main.sales.huge/usage" + WINDOW).get("days").get(0);
		assertThat(huge.get("durationMs").asLong()).isEqualTo(10);
		assertThat(huge.get("readBytes").asLong()).isEqualTo(Long.MAX_VALUE);
		JsonNode queries = workload.get("/api/v1/tables/main.sales.huge/queries" + WINDOW).get("queries").get("items");
		assertThat(queries.get(0).get("readBytes").asLong()).isEqualTo(Long.MAX_VALUE);
		assertThat(workload.get("/api/v1/rankings/tables" + WINDOW + "&by=bytes").get(0).get("table").asString())
			.isEqualTo("main.sales.huge");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void summsASchemaOverItsTables() {
		JsonNode schema = workload.get("/api/v1/schemas/MAIN.sales/usage" + WINDOW);
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
		JsonNode page = workload.get("/api/v1/schemas/main.sales/usage" + WINDOW + "&size=1&page=5");
		assertThat(page.get("tables").get("items")).isEmpty();
		assertThat(page.get("totals").get("reads").asLong()).isEqualTo(27);
		assertThat(page.get("tables").get("totalItems").asLong()).isEqualTo(3);
		assertThat(workload.get("/api/v1/schemas/main.nothing/usage").get("seen").asBoolean()).isFalse();
	}

}
