package io.lakegov.usage;

import io.lakegov.ingest.IngestionService;
import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.usage.QueryWorkload.T0;
import static io.lakegov.usage.QueryWorkload.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The statements behind a table's figures grouped by shape, and the tables read together, on {@link QueryWorkload}. */
@IntegrationTest(properties = { "lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=sales",
		"lakegov.ingest.batch-size=4" })
class TableQueriesIntegrationTests {

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
	void groupsTheStatementsOfATableByFingerprint() {
		JsonNode queries = workload.get("/api/v1/tables/main.sales.orders/queries" + WINDOW).get("queries");
		assertThat(queries.get("totalItems").asLong()).isEqualTo(5);
		JsonNode ids = queries.get("items").get(0);
		assertThat(ids.get("statements").asLong()).isEqualTo(20);
		assertThat(ids.get("users").asLong()).isEqualTo(2);
		assertThat(ids.get("totalDurationMs").asLong()).isEqualTo(2100);
		// nearest rank: the 19th of 20 durations 10, 20, ... 200, read from the sketch: 4.5 % plus 0.5 ms at most
		assertThat(ids.get("p95DurationMs").asLong()).isCloseTo(190, within(9L));
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
		assertThat(join.get("example").asString()).isEqualTo(workload.redacted("q2")).doesNotContain("= 2");
		assertThat(join.get("fingerprint").asString()).isNotBlank();

		JsonNode running = workload.find(queries.get("items"), "q5");
		assertThat(running.get("p95DurationMs").isNull()).as("a running statement has no duration yet").isTrue();
		assertThat(workload.get("/api/v1/tables/main.sales.daily/queries" + WINDOW).get("queries").get("items").get(0)
			.get("totalDurationMs").asLong()).as("statements that wrote the table count too").isEqualTo(5000);
		assertThat(workload.get("/api/v1/tables/main.sales.orders/queries" + WINDOW + "&sort=duration").get("queries").get("items")
			.get(0).get("totalDurationMs").asLong()).isEqualTo(5000);
		JsonNode second = workload.get("/api/v1/tables/orders/queries" + WINDOW + "&size=2&page=2").get("queries");
		assertThat(second.get("items")).hasSize(1);
		assertThat(second.get("totalItems").asLong()).isEqualTo(5);
	}

	@Test
	void listsTablesReadTogether() {
		JsonNode related = workload.get("/api/v1/tables/main.sales.orders/related" + WINDOW);
		assertThat(related.get("reads").asLong()).isEqualTo(25);
		assertThat(related.get("tables").get("totalItems").asLong()).isEqualTo(1);
		JsonNode customers = related.get("tables").get("items").get(0);
		assertThat(customers.get("table").asString()).isEqualTo("main.sales.customers");
		assertThat(customers.get("statements").asLong()).isEqualTo(2);
		assertThat(customers.get("lastRead").asString()).isEqualTo(T0.plusSeconds(60).toString());
		assertThat(workload.get("/api/v1/tables/customers/related" + WINDOW).get("tables").get("items").get(0).get("table")
			.asString()).isEqualTo("main.sales.orders");
		assertThat(workload.get("/api/v1/tables/main.sales.daily/related" + WINDOW).get("tables").get("totalItems").asLong())
			.as("writing with a read is not reading together").isZero();
		JsonNode unseen = workload.get("/api/v1/tables/main.sales.nothing/related");
		assertThat(unseen.get("seen").asBoolean()).isFalse();
		assertThat(unseen.get("tables").get("items")).isEmpty();
	}

}
