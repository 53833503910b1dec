package io.lakegov.impact;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class ImpactIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	RestClient api;

	String raw;

	String clean;

	String report;

	String old;

	@BeforeEach
	void loadFacts() {
		api = TestApi.withKey(port);
		String catalog = UsageFixtures.unique("imp");
		raw = catalog + ".bronze.events";
		clean = catalog + ".silver.events";
		report = catalog + ".gold.report";
		old = catalog + ".gold.last_year";
		Instant yesterday = Instant.now().minus(1, ChronoUnit.DAYS);
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-1", "etl-sp", yesterday).through("JOB", "7").kind("INSERT").reads(raw).writes(clean).done()
			.statement(catalog + "-2", "etl-sp", yesterday.plusSeconds(60)).through("PIPELINE", "p-1").kind("MERGE")
				.reads(clean).writes(report).done()
			.statement(catalog + "-3", "ann@x.io", yesterday.plusSeconds(120)).through("DASHBOARD", "d-9").reads(report).done()
			.statement(catalog + "-4", "bob@x.io", yesterday.plusSeconds(180)).timeTravels(report).done()
			.statement(catalog + "-5", "bob@x.io", Instant.now().minus(200, ChronoUnit.DAYS)).reads(old).done()
			.load();
	}

	@Test
	void listsDownstreamTablesOfATableReadByInsertSelect() {
		JsonNode impact = impact(raw);
		assertThat(impact.get("downstream").get(0).get("table").asString()).isEqualTo(clean);
		assertThat(impact.get("upstream")).isEmpty();
		assertThat(impact.get("verdict").asString()).isEqualTo("READ_ONLY_BY_ETL");
		assertThat(impact.get("sources").get(0).get("kind").asString()).isEqualTo("JOB");
		assertThat(impact.get("evidence").get("etlReads").asLong()).isEqualTo(1);
	}

	@Test
	void listsUpstreamTablesOfATableWrittenByInsertSelect() {
		JsonNode impact = impact(clean);
		assertThat(impact.get("upstream").get(0).get("table").asString()).isEqualTo(raw);
		assertThat(impact.get("downstream").get(0).get("table").asString()).isEqualTo(report);
		assertThat(impact.get("writers").get(0).get("user").asString()).isEqualTo("etl-sp");
		assertThat(impact.get("lastWrite")).isNotNull();
	}

	@Test
	void callsATableReadByPeopleActiveWithTimeTravelEvidence() {
		JsonNode impact = impact(report);
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		JsonNode evidence = impact.get("evidence");
		assertThat(evidence.get("reads").asLong()).isEqualTo(2);
		assertThat(evidence.get("timeTravelReads").asLong()).isEqualTo(1);
		assertThat(evidence.get("readers").asLong()).isEqualTo(2);
		assertThat(evidence.get("writes").asLong()).isEqualTo(1);
		assertThat(impact.get("upstream").get(0).get("table").asString()).isEqualTo(clean);
	}

	@Test
	void callsATableNotReadInTheWindowUnusedButKeepsItsLastRead() {
		JsonNode impact = impact(old);
		assertThat(impact.get("verdict").asString()).isEqualTo("UNUSED");
		assertThat(impact.get("seen").asBoolean()).isTrue();
		assertThat(impact.get("lastRead")).isNotNull();
		assertThat(impact(old + "?lookbackDays=365").get("verdict").asString()).isEqualTo("ACTIVE");
	}

	@Test
	void listsTheBusiestHundredButCountsEveryReaderAndSource() {
		String busy = UsageFixtures.unique("imp") + ".gold.busy";
		Instant at = Instant.now().minus(2, ChronoUnit.DAYS);
		var facts = UsageFixtures.facts(repository, tx, ZoneOffset.UTC);
		for (int i = 0; i < 3; i++) {
			facts.statement(busy + "-etl-" + i, "etl-sp", at.plusSeconds(i)).through("JOB", "7").reads(busy);
		}
		for (int i = 0; i < 101; i++) {
			String n = String.format("%03d", i);
			facts.statement(busy + "-" + n, "u" + n + "@x.io", at.plusSeconds(10 + i)).through("DASHBOARD", "d-" + n)
				.reads(busy);
		}
		facts.load();
		JsonNode impact = impact(busy);
		JsonNode evidence = impact.get("evidence");
		assertThat(evidence.get("reads").asLong()).isEqualTo(104);
		assertThat(evidence.get("readers").asLong()).isEqualTo(102);
		assertThat(evidence.get("etlReads").asLong()).isEqualTo(3);
		assertThat(evidence.get("otherReads").asLong()).isEqualTo(101);
		assertThat(evidence.get("sources").asLong()).isEqualTo(102);
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		JsonNode readers = impact.get("readers");
		assertThat(readers).hasSize(100);
		assertThat(readers.get(0).get("user").asString()).isEqualTo("etl-sp");
		assertThat(readers.get(1).get("user").asString()).isEqualTo("u000@x.io");
		assertThat(readers.get(99).get("user").asString()).isEqualTo("u098@x.io");
		JsonNode sources = impact.get("sources");
		assertThat(sources).hasSize(100);
		assertThat(sources.get(0).get("kind").asString()).isEqualTo("JOB");
		assertThat(sources.get(0).get("statements").asLong()).isEqualTo(3);
		assertThat(sources.get(1).get("id").asString()).isEqualTo("d-000");
		assertThat(sources.get(99).get("id").asString()).isEqualTo("d-098");
	}

	@Test
	void reportsAnUnknownTableAsNeverSeen() {
		JsonNode impact = impact(UsageFixtures.unique("nope") + ".a.b");
		assertThat(impact.get("seen").asBoolean()).isFalse();
		assertThat(impact.get("verdict").asString()).isEqualTo("UNUSED");
	}

	private JsonNode impact(String table) {
		String query = table.contains("?") ? table.replace("?", "/impact?") : table + "/impact";
		var response = api.get().uri("/api/v1/tables/" + query).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		return response.getBody();
	}

}
