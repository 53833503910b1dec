package io.lakegov.web;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Behind an authenticating gateway, requests without credentials get the configured role, no more. */
@IntegrationTest(properties = { "lakegov.security.api-keys=", "lakegov.security.gateway-authenticated=true",
		"lakegov.security.gateway-role=operator" })
class GatewayAuthenticatedIntegrationTests {

	@LocalServerPort
	int port;

	int status(String uri) {
		return TestApi.anonymous(port).get().uri(uri).retrieve().toBodilessEntity().getStatusCode().value();
	}

	@Test
	void requestsWithoutCredentialsGetTheGatewayRole() {
		assertThat(status("/api/v1/tables")).isEqualTo(200);
		assertThat(status("/api/v1/ingestion/status")).isEqualTo(200);
		assertThat(TestApi.anonymous(port).get().uri("/api/v1/statements").retrieve().body(String.class))
			.doesNotContain("\"sql\":\"");
		assertThat(status("/actuator/env")).as("admins only").isIn(403, 404);
	}

	@Test
	void wrongCredentialsAreStillRefused() {
		assertThat(TestApi.withKey(port, "not-a-key").get().uri("/api/v1/tables").retrieve().toBodilessEntity()
			.getStatusCode().value()).isEqualTo(401);
	}

}
