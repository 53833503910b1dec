package io.lakegov.usage;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The column answers are reused while the store generation stands, like the table reports. To see a
 * reused answer for what it is, the tests change column rollup rows behind the generation's back (which
 * ingestion never does): the reused answer keeps the old counts until the generation moves.
 */
@IntegrationTest
class ColumnAnswersCacheIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	JdbcClient jdbc;

	String table;

	Instant yesterday = Instant.now().minus(1, ChronoUnit.DAYS);

	@BeforeEach
	void loadOneColumnRead() {
		String catalog = UsageFixtures.unique("colcache");
		table = catalog + ".s.t";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-1", "ann", yesterday).through("DASHBOARD", "d-1").reads(table).done()
			.load();
		jdbc.sql("""
				INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name, statements,
				    first_event, last_event)
				VALUES (:table, :day, 'amount', 'READ', 'RESOLVED', 'ann', 1, :at, :at)""")
			.param("table", table)
			.param("day", Date.valueOf(LocalDate.ofInstant(yesterday, ZoneOffset.UTC)))
			.param("at", Timestamp.from(yesterday))
			.update();
		bumpGeneration();
	}

	@Test
	void reusesColumnAnswersUntilTheGenerationMoves() {
		assertReads(1);
		jdbc.sql("UPDATE column_daily SET statements = 41 WHERE table_name = :table").param("table", table).update();
		assertReads(1);
		bumpGeneration();
		assertReads(41);
	}

	@Test
	void answersAfreshOnceAnIngestionBatchCommits() {
		assertReads(1);
		jdbc.sql("UPDATE column_daily SET statements = 7 WHERE table_name = :table").param("table", table).update();
		// a batch that reads another table: it rebuilds that table's rollups, and moves the generation
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(table + "-2", "bob", yesterday.plusSeconds(60)).through("NOTEBOOK", "n-1").reads(table + "2").done()
			.load();
		assertReads(7);
	}

	private void assertReads(long reads) {
		JsonNode columns = get("/api/v1/tables/" + table + "/columns").get("columns").get("items");
		assertThat(columns).hasSize(1);
		assertThat(columns.get(0).get("reads").asLong()).isEqualTo(reads);
		assertThat(get("/api/v1/tables/" + table + "/columns/amount/impact").get("evidence").get("reads").asLong())
			.isEqualTo(reads);
	}

	private void bumpGeneration() {
		jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
