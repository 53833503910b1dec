package io.lakegov.usage;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.micrometer.core.instrument.MeterRegistry;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Table reports are reused while the store generation stands. To see a reused answer for what it is, the
 * tests change rollup rows behind the generation's back (which ingestion never does): the reused answer
 * keeps the old counts until the generation moves.
 */
@IntegrationTest
class TableUsageCacheIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	MeterRegistry meters;

	String catalog;

	String table;

	Instant yesterday = Instant.now().minus(1, ChronoUnit.DAYS);

	@BeforeEach
	void loadOneRead() {
		catalog = UsageFixtures.unique("cache");
		table = catalog + ".s.t";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-1", "ann", yesterday).through("DASHBOARD", "d-1").reads(table).done()
			.load();
	}

	@Test
	void reusesTableReportsUntilTheGenerationMoves() {
		assertReads(1);
		inflateRollupsWithoutBumpingTheGeneration(41);
		assertReads(1);
		jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
		assertReads(41);
	}

	@Test
	void answersFreshReportsOnceAnIngestionBatchCommits() {
		assertReads(1);
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-2", "bob", yesterday.plusSeconds(60)).through("NOTEBOOK", "n-1").reads(table).done()
			.load();
		JsonNode readers = get("/api/v1/tables/" + table + "/readers").get("users");
		assertThat(readers.get("totalItems").asLong()).isEqualTo(2);
		assertThat(readers.get("items").get(1).get("sources").get(0).get("kind").asString()).isEqualTo("NOTEBOOK");
		JsonNode impact = get("/api/v1/tables/" + table + "/impact");
		assertThat(impact.get("evidence").get("readers").asLong()).isEqualTo(2);
		assertThat(impact.get("sources")).hasSize(2);
		assertThat(dailyReads()).isEqualTo(2);
	}

	@Test
	void computesTheAnswersAskedForAgainInTheBackgroundOnceABatchCommits() {
		double warmedBefore = warmed();
		assertReads(1);
		assertReads(1);
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-2", "bob", yesterday.plusSeconds(60)).reads(table).done()
			.load();
		// the first request to see the batch's generation sets the warming off
		get("/api/v1/rankings/tables");
		Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> warmed() >= warmedBefore + 3);
		// computed before this change behind the generation's back, so it still answers the batch's figures
		inflateRollupsWithoutBumpingTheGeneration(41);
		JsonNode readers = get("/api/v1/tables/" + table + "/readers").get("users");
		assertThat(readers.get("totalItems").asLong()).isEqualTo(2);
		assertThat(readers.get("items").get(0).get("statements").asLong()).isEqualTo(1);
		assertThat(get("/api/v1/tables/" + table + "/impact").get("evidence").get("reads").asLong()).isEqualTo(2);
	}

	private double warmed() {
		return meters.counter("lakegov.usage.cache.warmed").count();
	}

	private void assertReads(long reads) {
		JsonNode readers = get("/api/v1/tables/" + table + "/readers").get("users").get("items");
		assertThat(readers).hasSize(1);
		assertThat(readers.get(0).get("statements").asLong()).isEqualTo(reads);
		assertThat(get("/api/v1/tables/" + table + "/impact").get("evidence").get("reads").asLong()).isEqualTo(reads);
		assertThat(dailyReads()).isEqualTo(reads);
	}

	private long dailyReads() {
		long reads = 0;
		for (JsonNode day : get("/api/v1/tables/" + table + "/usage").get("days")) {
			reads += day.get("reads").asLong();
		}
		return reads;
	}

	private void inflateRollupsWithoutBumpingTheGeneration(long reads) {
		jdbc.sql("UPDATE table_user_daily SET statements = :reads WHERE table_name = :table")
			.param("reads", reads)
			.param("table", table)
			.update();
		jdbc.sql("UPDATE table_daily SET reads = :reads WHERE table_name = :table")
			.param("reads", reads)
			.param("table", table)
			.update();
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
