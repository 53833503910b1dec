package io.lakegov.web;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each caller may analyse, and ask for retention answers, only so often; past the limit, 429 with Retry-After,
 * others unaffected.
 */
@IntegrationTest(properties = { "lakegov.web.rate-limit.requests=3", "lakegov.web.rate-limit.period=1h" })
class RateLimitIntegrationTests {

	@LocalServerPort
	int port;

	static ResponseEntity<String> analyze(RestClient client) {
		return client.post()
			.uri("/api/v1/sql/analyze")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"statements\":[{\"id\":\"s1\",\"sql\":\"SELECT * FROM a.b.c\"}]}")
			.retrieve()
			.toEntity(String.class);
	}

	@Test
	void refusesCallsPastTheLimitPerKeyWithRetryAfter() {
		RestClient viewer = TestApi.withKey(port, IntegrationTest.VIEWER_KEY);
		for (int i = 0; i < 3; i++) {
			assertThat(analyze(viewer).getStatusCode().value()).isEqualTo(200);
		}
		ResponseEntity<String> refused = analyze(viewer);
		assertThat(refused.getStatusCode().value()).isEqualTo(429);
		assertThat(refused.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(refused.getBody()).contains("https://lakegov.io/problems/rate-limited");
		assertThat(Long.parseLong(refused.getHeaders().getFirst("Retry-After"))).isPositive();

		assertThat(analyze(TestApi.withKey(port, IntegrationTest.OPERATOR_KEY)).getStatusCode().value()).isEqualTo(200);
		assertThat(viewer.get().uri("/api/v1/tables").retrieve().toBodilessEntity().getStatusCode().value())
			.as("other operations are not limited")
			.isEqualTo(200);
	}

	@Test
	void countsEachLimitedOperationApartAndLimitsTheRetentionAnswers() {
		RestClient admin = TestApi.withKey(port, IntegrationTest.API_KEY);
		for (int i = 0; i < 3; i++) {
			assertThat(retention(admin).getStatusCode().value()).isEqualTo(200);
		}
		assertThat(retention(admin).getStatusCode().value()).as("the warehouse is read live per call").isEqualTo(429);
		assertThat(analyze(admin).getStatusCode().value()).as("analyses keep their own count").isEqualTo(200);
	}

	static ResponseEntity<String> retention(RestClient client) {
		return client.get().uri("/api/v1/tables/main.sales.orders/retention").retrieve().toEntity(String.class);
	}

}
