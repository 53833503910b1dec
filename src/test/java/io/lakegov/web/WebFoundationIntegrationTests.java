package io.lakegov.web;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class WebFoundationIntegrationTests {

	@LocalServerPort
	int port;

	RestClient client() {
		return TestApi.anonymous(port);
	}

	@Test
	void servesHealthWithLivenessAndReadinessGroups() {
		var health = client().get().uri("/actuator/health").retrieve().toEntity(String.class);
		assertThat(health.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(health.getBody()).contains("\"status\":\"UP\"");
		assertThat(client().get().uri("/actuator/health/liveness").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.OK);
		assertThat(client().get().uri("/actuator/health/readiness").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.OK);
	}

	@Test
	void servesPrometheusMetricsWithoutKey() {
		var metrics = client().get().uri("/actuator/prometheus").retrieve().toEntity(String.class);
		assertThat(metrics.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(metrics.getBody()).contains("jvm_memory_used_bytes");
	}

	@Test
	void servesApiDocsAndSwaggerUiWithoutKey() {
		assertThat(client().get().uri("/v3/api-docs").retrieve().toEntity(String.class).getBody())
			.contains("\"openapi\"");
		assertThat(client().get().uri("/swagger-ui/index.html").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.OK);
	}

	@Test
	void refusesApiWithoutKeyAsProblemDetails() {
		var response = client().get().uri("/api/v1/tables").retrieve().toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("\"type\":\"https://lakegov.io/problems/unauthorized\"");
	}

	@Test
	void refusesApiWithWrongKey() {
		var response = client().get()
			.uri("/api/v1/tables")
			.header("X-API-Key", "not-the-key")
			.retrieve()
			.toBodilessEntity();
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
	}

	@Test
	void namesAParameterThatIsNotOfItsTypeAndWhatItMustBe() {
		var response = client().get()
			.uri("/api/v1/rankings/tables?limit=abc")
			.header("X-API-Key", IntegrationTest.API_KEY)
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("\"detail\":\"limit must be a whole number, was 'abc'.\"",
				"\"type\":\"https://lakegov.io/problems/validation\"");
	}

	@Test
	void namesABodyFieldThatIsNotOfItsTypeAndWhatItMustBe() {
		var response = client().post()
			.uri("/api/v1/ingestion/backfills")
			.header("X-API-Key", IntegrationTest.API_KEY)
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"from\":\"yesterday\",\"to\":\"2026-01-02T00:00:00Z\"}")
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getBody())
			.contains("\"detail\":\"from must be a time such as 2026-01-31T09:30:00Z, was 'yesterday'.\"");
	}

	@Test
	void answersUnknownResourceWithNotFoundProblem() {
		var response = client().get()
			.uri("/api/v1/no-such-resource")
			.header("X-API-Key", IntegrationTest.API_KEY)
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("\"type\":\"https://lakegov.io/problems/not-found\"");
	}

}
