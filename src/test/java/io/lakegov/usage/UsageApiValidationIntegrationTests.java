package io.lakegov.usage;

import java.time.Instant;
import java.time.ZoneOffset;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** Every bad parameter answers 400 problem details, never a 500 or an empty answer. */
@IntegrationTest
class UsageApiValidationIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@ParameterizedTest
	@ValueSource(strings = { "/api/v1/tables/a.b.c/readers?from=2026-03-10&to=2026-03-01",
			"/api/v1/tables/a.b.c/writers?from=yesterday", "/api/v1/tables/a.b.c/usage?to=2026-02-30",
			"/api/v1/tables/a.b.c/readers?size=0", "/api/v1/tables/a.b.c/readers?size=10000",
			"/api/v1/tables/a.b.c/readers?page=-1", "/api/v1/tables/a.b.c/impact?lookbackDays=0",
			"/api/v1/tables/a.b.c/usage?from=1990-01-01&to=2026-01-01",
			"/api/v1/tables/a.b.c)drop table x/readers", "/api/v1/tables/a.b.c.d/readers",
			"/api/v1/tables/a.b.c' OR '1'='1/impact", "/api/v1/tables/a.b.c--/usage", "/api/v1/tables/a..c/readers",
			"/api/v1/tables/`unclosed/readers", "/api/v1/tables/a b/readers",
			"/api/v1/tables/a.b.c/readers?size=abc", "/api/v1/lineage/disagreements?from=yesterday",
			"/api/v1/lineage/disagreements?from=2026-03-10&to=2026-03-01", "/api/v1/lineage/disagreements?size=0",
			"/api/v1/lineage/disagreements?page=-1", "/api/v1/lineage/disagreements?size=abc" })
	void answersBadParametersWithProblemDetails(String uri) {
		ResponseEntity<JsonNode> response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(400);
		assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
		assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		assertThat(response.getBody().get("detail").asString()).isNotBlank();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "/api/v1/tables/a.b.c/readers?size=0|size must be greater than or equal to 1.",
			"/api/v1/tables/a.b.c/readers?page=-1|page must be greater than or equal to 0.",
			"/api/v1/tables/a.b.c/impact?lookbackDays=0|lookbackDays must be greater than or equal to 1.",
			"/api/v1/rankings/tables?limit=-1|limit must be greater than or equal to 1." })
	void namesTheParameterAndWhatItMustBe(String uri, String detail) {
		ResponseEntity<JsonNode> response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(400);
		assertThat(response.getBody().get("detail").asString()).isEqualTo(detail);
		assertThat(response.getBody().get("errors").get(0).get("field").asString()).isEqualTo(detail.split(" ")[0]);
	}

	@Test
	void refusesASemicolonInTheTableNameWithProblemDetails() {
		// the security firewall refuses semicolons in paths before any controller runs
		ResponseEntity<JsonNode> response = TestApi.withKey(port).get()
			.uri("/api/v1/tables/a.b.c;drop table x/readers")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(400);
		assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
		assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		assertThat(response.getBody().get("detail").asString()).contains("';'");
	}

	@Test
	void answersAPartialNameMatchingSeveralTablesWithTheCandidates() {
		String table = UsageFixtures.unique("dup");
		Instant at = Instant.parse("2026-03-02T10:00:00Z");
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(table + "-1", "ann", at).reads("one.s." + table).done()
			.statement(table + "-2", "ann", at).reads("two.s." + table).done()
			.load();
		ResponseEntity<JsonNode> response = TestApi.withKey(port).get()
			.uri("/api/v1/tables/S." + table.toUpperCase() + "/readers")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(400);
		assertThat(response.getBody().get("candidates").toString())
			.isEqualTo("[\"one.s." + table + "\",\"two.s." + table + "\"]");
		ResponseEntity<JsonNode> unique = TestApi.withKey(port).get()
			.uri("/api/v1/tables/two.s." + table + "/readers?from=2026-03-01&to=2026-03-05")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(unique.getBody().get("users").get("totalItems").asLong()).isEqualTo(1);
	}

	@Test
	void listsTwentyCandidatesAtMostAndSaysThereAreMore() {
		String table = UsageFixtures.unique("many");
		Instant at = Instant.parse("2026-03-02T10:00:00Z");
		var facts = UsageFixtures.facts(repository, tx, ZoneOffset.UTC);
		for (int i = 0; i < 25; i++) {
			facts.statement(table + "-" + i, "ann", at).reads("c" + (10 + i) + ".s." + table).done();
		}
		facts.load();
		ResponseEntity<JsonNode> response = TestApi.withKey(port).get()
			.uri("/api/v1/tables/s." + table + "/readers")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(400);
		assertThat(response.getBody().get("candidates")).hasSize(20);
		assertThat(response.getBody().get("candidates").get(0).asString()).isEqualTo("c10.s." + table);
		assertThat(response.getBody().get("detail").asString()).contains("matches more than 20 tables");
	}

}
