package io.lakegov.support;

import org.springframework.web.client.RestClient;

/** HTTP clients for integration tests: they never throw on an error status, so tests assert on it. */
public final class TestApi {

	private TestApi() {
	}

	/** A client without credentials. */
	public static RestClient anonymous(int port) {
		return RestClient.builder()
			.baseUrl("http://localhost:" + port)
			.defaultStatusHandler(status -> true, (request, response) -> {
			})
			.build();
	}

	/** A client that sends the test API key (an admin's). */
	public static RestClient withKey(int port) {
		return withKey(port, IntegrationTest.API_KEY);
	}

	/** A client that sends the given API key. */
	public static RestClient withKey(int port, String key) {
		return RestClient.builder()
			.baseUrl("http://localhost:" + port)
			.defaultHeader("X-API-Key", key)
			.defaultStatusHandler(status -> true, (request, response) -> {
			})
			.build();
	}

	/** A client that sends the given bearer token. */
	public static RestClient withToken(int port, String token) {
		return RestClient.builder()
			.baseUrl("http://localhost:" + port)
			.defaultHeader("Authorization", "Bearer " + token)
			.defaultStatusHandler(status -> true, (request, response) -> {
			})
			.build();
	}

}
