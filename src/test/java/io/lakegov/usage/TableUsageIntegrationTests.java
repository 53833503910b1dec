package io.lakegov.usage;

import java.time.Instant;
import java.time.ZoneOffset;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class TableUsageIntegrationTests {

	static final Instant MARCH_2 = Instant.parse("2026-03-02T10:00:00Z");

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	RestClient api;

	String orders;

	String summary;

	String history;

	@BeforeEach
	void loadFacts() {
		api = TestApi.withKey(port);
		String catalog = UsageFixtures.unique("c");
		orders = catalog + ".sales.orders";
		summary = catalog + ".sales.daily_summary";
		history = catalog + ".sales.orders_snapshot";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-dash-1", "ann@x.io", MARCH_2).through("DASHBOARD", "d-1").reads(orders).done()
			.statement(catalog + "-dash-2", "ann@x.io", MARCH_2.plusSeconds(60)).through("DASHBOARD", "d-1").reads(orders).done()
			.statement(catalog + "-adhoc", "bob@x.io", MARCH_2.plusSeconds(3600)).reads(orders).done()
			.statement(catalog + "-tt", "cy@x.io", MARCH_2.plusSeconds(7200)).timeTravels(orders).done()
			.statement(catalog + "-etl", "etl-sp", MARCH_2.plusSeconds(900)).through("JOB", "42").kind("INSERT")
				.reads(orders).writes(summary).done()
			.statement(catalog + "-merge", "etl-sp", MARCH_2.plusSeconds(86_400)).through("JOB", "42").kind("MERGE")
				.writes(summary).done()
			.statement(catalog + "-snap", "dora@x.io", MARCH_2).timeTravels(history).done()
			.load();
	}

	@Test
	void listsReadersWithTheirSourcesAndTimeTravelApart() {
		JsonNode body = get("/api/v1/tables/" + orders + "/readers?from=2026-03-01&to=2026-03-31").getBody();
		assertThat(body.get("table").asString()).isEqualTo(orders);
		assertThat(body.get("seen").asBoolean()).isTrue();
		JsonNode users = body.get("users");
		assertThat(users.get("totalItems").asLong()).isEqualTo(4);
		JsonNode ann = users.get("items").get(0);
		assertThat(ann.get("user").asString()).isEqualTo("ann@x.io");
		assertThat(ann.get("statements").asLong()).isEqualTo(2);
		assertThat(ann.get("firstRead").asString()).isEqualTo("2026-03-02T10:00:00Z");
		assertThat(ann.get("lastRead").asString()).isEqualTo("2026-03-02T10:01:00Z");
		assertThat(ann.get("sources").get(0).get("kind").asString()).isEqualTo("DASHBOARD");
		assertThat(ann.get("sources").get(0).get("id").asString()).isEqualTo("d-1");
		JsonNode cy = find(users.get("items"), "cy@x.io");
		assertThat(cy.get("timeTravelStatements").asLong()).isEqualTo(1);
		assertThat(find(users.get("items"), "etl-sp").get("sources").get(0).get("kind").asString()).isEqualTo("JOB");
	}

	@Test
	void listsWritersWithStatementKinds() {
		JsonNode writers = get("/api/v1/tables/" + summary.toUpperCase() + "/writers?from=2026-03-01&to=2026-03-31")
			.getBody()
			.get("users");
		assertThat(writers.get("totalItems").asLong()).isEqualTo(1);
		JsonNode etl = writers.get("items").get(0);
		assertThat(etl.get("user").asString()).isEqualTo("etl-sp");
		assertThat(etl.get("statements").asLong()).isEqualTo(2);
		assertThat(etl.get("statementKinds").toString()).isEqualTo("[\"INSERT\",\"MERGE\"]");
		assertThat(etl.get("sources").toString()).isEqualTo("[{\"kind\":\"JOB\",\"id\":\"42\"}]");
	}

	@Test
	void readsATableOnlyTimeTravelled() {
		JsonNode dora = get("/api/v1/tables/" + history + "/readers?from=2026-03-02&to=2026-03-02").getBody()
			.get("users").get("items").get(0);
		assertThat(dora.get("statements").asLong()).isEqualTo(1);
		assertThat(dora.get("timeTravelStatements").asLong()).isEqualTo(1);
	}

	@Test
	void includesBothEndsOfTheRange() {
		assertThat(get("/api/v1/tables/" + summary + "/writers?from=2026-03-03&to=2026-03-03").getBody()
			.get("users").get("totalItems").asLong()).isEqualTo(1);
		assertThat(get("/api/v1/tables/" + summary + "/writers?from=2026-03-02&to=2026-03-02").getBody()
			.get("users").get("items").get(0).get("statementKinds").toString()).isEqualTo("[\"INSERT\"]");
		assertThat(get("/api/v1/tables/" + orders + "/readers?from=2026-03-03&to=2026-03-10").getBody()
			.get("users").get("totalItems").asLong()).isZero();
	}

	@Test
	void pagesReaders() {
		JsonNode first = get("/api/v1/tables/" + orders + "/readers?from=2026-03-01&to=2026-03-31&size=3").getBody()
			.get("users");
		assertThat(first.get("items")).hasSize(3);
		assertThat(first.get("totalItems").asLong()).isEqualTo(4);
		assertThat(first.get("totalPages").asLong()).isEqualTo(2);
		JsonNode second = get("/api/v1/tables/" + orders + "/readers?from=2026-03-01&to=2026-03-31&size=3&page=1")
			.getBody().get("users");
		assertThat(second.get("items")).hasSize(1);
		assertThat(second.get("page").asInt()).isEqualTo(1);
		JsonNode beyond = get("/api/v1/tables/" + orders + "/readers?from=2026-03-01&to=2026-03-31&size=3&page=5")
			.getBody().get("users");
		assertThat(beyond.get("items")).isEmpty();
		assertThat(beyond.get("totalItems").asLong()).isEqualTo(4);
	}

	@Test
	void servesADailySeriesWithZeroDays() {
		JsonNode days = get("/api/v1/tables/" + orders + "/usage?from=2026-03-01&to=2026-03-03").getBody().get("days");
		assertThat(days).hasSize(3);
		assertThat(days.get(0).get("reads").asLong()).isZero();
		assertThat(days.get(1).get("date").asString()).isEqualTo("2026-03-02");
		assertThat(days.get(1).get("reads").asLong()).isEqualTo(5);
		assertThat(days.get(1).get("timeTravelReads").asLong()).isEqualTo(1);
		assertThat(days.get(1).get("users").asLong()).isEqualTo(4);
	}

	@Test
	void completesAPartialNameMatchingOneTable() {
		String schemaAndTable = orders.substring(orders.indexOf('.') + 1);
		JsonNode body = get("/api/v1/tables/`" + schemaAndTable.replace(".", "`.`") + "`/readers?from=2026-03-01&to=2026-03-31")
			.getBody();
		// several test classes share the database: the schema.table suffix is unique only with the catalog
		assertThat(body.has("table") || body.has("candidates")).isTrue();
		JsonNode full = get("/api/v1/tables/`" + orders.replace(".", "`.`") + "`/readers?from=2026-03-01&to=2026-03-31")
			.getBody();
		assertThat(full.get("table").asString()).isEqualTo(orders);
	}

	@Test
	void answersAnUnknownTableWithEmptyResults() {
		ResponseEntity<JsonNode> response = get("/api/v1/tables/" + UsageFixtures.unique("nowhere") + ".s.t/readers");
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		assertThat(response.getBody().get("seen").asBoolean()).isFalse();
		assertThat(response.getBody().get("users").get("items")).isEmpty();
	}

	private ResponseEntity<JsonNode> get(String uri) {
		return api.get().uri(uri).retrieve().toEntity(JsonNode.class);
	}

	static JsonNode find(JsonNode items, String user) {
		for (JsonNode item : items) {
			if (item.get("user").asString().equals(user)) {
				return item;
			}
		}
		throw new AssertionError(user + " not in " + items);
	}

}
