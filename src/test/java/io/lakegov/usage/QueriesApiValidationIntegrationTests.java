package io.lakegov.usage;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input to the queries, co-reads, schema usage and cost rankings answers 400 problem details. */
@IntegrationTest
class QueriesApiValidationIntegrationTests {

	@LocalServerPort
	int port;

	@ParameterizedTest
	@ValueSource(strings = { "/api/v1/tables/a.b.c/queries?sort=random", "/api/v1/tables/a.b.c/queries?size=0",
			"/api/v1/tables/a.b.c/queries?page=-1", "/api/v1/tables/a.b.c/queries?from=2026-03-10&to=2026-03-01",
			"/api/v1/tables/a.b.c.d/queries", "/api/v1/tables/a.b.c' OR '1'='1/queries",
			"/api/v1/tables/a.b.c/related?to=2026-02-30", "/api/v1/tables/a..c/related",
			"/api/v1/tables/a.b.c/related?size=1001", "/api/v1/schemas/main/usage", "/api/v1/schemas/a.b.c/usage",
			"/api/v1/schemas/a b.c/usage", "/api/v1/schemas/a.`b/usage", "/api/v1/schemas/a.b--/usage",
			"/api/v1/schemas/a.b/usage?from=yesterday", "/api/v1/schemas/a.b/usage?size=abc",
			"/api/v1/rankings/tables?by=cost", "/api/v1/rankings/users?by=reads",
			"/api/v1/rankings/tables?by=duration&indirect=true", "/api/v1/rankings/tables?by=bytes&indirect=true",
			"/api/v1/rankings/users?by=duration&indirect=true", "/api/v1/rankings/users?by=bytes&indirect=true",
			"/api/v1/rankings/users?indirect=maybe", "/api/v1/users/ann/tables?indirect=2" })
	void answersBadParametersWithProblemDetails(String uri) {
		ResponseEntity<JsonNode> response = TestApi.withKey(port, IntegrationTest.VIEWER_KEY).get().uri(uri).retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(400);
		assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
		assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		assertThat(response.getBody().get("detail").asString()).isNotBlank();
	}

}
