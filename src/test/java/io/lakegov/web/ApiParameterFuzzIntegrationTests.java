package io.lakegov.web;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every parameter and body of every operation in the served OpenAPI document, filled with hostile values
 * that jqwik generates (any Unicode, control characters, huge and negative numbers, odd dates, SQL, path
 * tricks), answers below 500, and with problem details when it refuses.
 */
@IntegrationTest
class ApiParameterFuzzIntegrationTests {

	static final int VALUES_PER_PARAMETER = 25;

	@LocalServerPort
	int port;

	final HttpClient http = HttpClient.newHttpClient();

	static Arbitrary<String> hostile() {
		return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(300),
				Arbitraries.strings().withCharRange('\u0000', '\u007f').ofMaxLength(60),
				Arbitraries.of("-1", "0", "2147483648", "-2147483649", "99999999999999999999999", "1e309", "NaN",
						"0x10", "2026-02-30", "0000-01-01", "9999-12-31", "+999999999-12-31", "2026-13-01T25:61:61Z",
						"'; DROP TABLE query_history; --", "a.b.c.d.e", "`a`.`b`.`c`", "``", "`", ".", "..", "%", "_",
						"\\", "%00", "%2e%2e", "\u0000", "\uD800", "\u202E", "x".repeat(5000), "main.sales.orders",
						"ann@example.com", "reads", "users", "RAISE", "true", "null", "[]", "{}"),
				Arbitraries.longs().map(String::valueOf));
	}

	@Test
	void noParameterOrBodyValueAnswers500() throws Exception {
		JsonNode document = JsonMapper.builder()
			.build()
			.readTree(TestApi.anonymous(port).get().uri("/v3/api-docs").retrieve().body(String.class));
		List<String> failures = new ArrayList<>();
		int calls = 0;
		for (var path : document.get("paths").properties()) {
			for (var method : path.getValue().properties()) {
				String verb = method.getKey().toUpperCase(Locale.ROOT);
				JsonNode operation = method.getValue();
				List<JsonNode> parameters = new ArrayList<>();
				if (operation.has("parameters")) {
					operation.get("parameters").forEach(parameters::add);
				}
				for (JsonNode parameter : parameters) {
					String name = parameter.get("name").asString();
					boolean inPath = "path".equals(parameter.get("in").asString());
					for (String value : hostile().sampleStream().limit(VALUES_PER_PARAMETER).toList()) {
						String target = inPath
								? path.getKey().replace("{" + name + "}", UriUtils.encodePathSegment(value, StandardCharsets.UTF_8))
								: fill(path.getKey()) + "?" + name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
						calls++;
						check(failures, verb, fill(target), operation.has("requestBody") ? "{}" : null);
					}
				}
				if (operation.has("requestBody")) {
					for (String body : bodies()) {
						calls++;
						check(failures, verb, fill(path.getKey()), body);
					}
				}
			}
		}
		System.out.printf("API fuzzing: %d calls%n", calls);
		assertThat(calls).isGreaterThan(500);
		assertThat(failures).isEmpty();
	}

	@Test
	void refusesDatesPastYear9999With400() throws Exception {
		for (String date : new String[] { "%2B999999999-12-31", "10000-01-01", "-0001-01-01" }) {
			var response = http.send(HttpRequest
				.newBuilder(URI.create("http://localhost:" + port + "/api/v1/tables/main.sales.orders/usage?to=" + date))
				.header("X-API-Key", IntegrationTest.API_KEY)
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(date).isEqualTo(400);
		}
	}

	private static List<String> bodies() {
		List<String> bodies = new ArrayList<>(List.of("", "null", "[]", "{", "{\"statements\":null}",
				"{\"statements\":[null]}", "{\"statements\":[{\"id\":null,\"sql\":null}]}",
				"{\"statements\":[{\"id\":\"\\u0000\",\"sql\":\"SELECT '\\u0000' FROM t\"}]}",
				"{\"from\":\"2026-01-01T00:00:00Z\",\"to\":\"2025-01-01T00:00:00Z\"}",
				"{\"from\":\"+999999999-01-01T00:00:00Z\",\"to\":\"-999999999-01-01T00:00:00Z\"}",
				"{\"from\":\"0000-01-01T00:00:00Z\",\"to\":\"9999-12-31T23:59:59Z\"}",
				"[" + "[".repeat(5000) + "]".repeat(5000) + "]"));
		for (String value : hostile().sampleStream().limit(VALUES_PER_PARAMETER).toList()) {
			String quoted = JsonMapper.builder().build().writeValueAsString(value);
			bodies.add("{\"statements\":[{\"id\":" + quoted + ",\"sql\":" + quoted + "}],\"defaultCatalog\":" + quoted
					+ "}");
			bodies.add("{\"from\":" + quoted + ",\"to\":" + quoted + "}");
			bodies.add(value);
		}
		return bodies;
	}

	private static String fill(String path) {
		return path.replace("{table}", "main.sales.orders").replace("{user}", "ann").replace("{id}", "1")
			.replace("{column}", "amount")
			.replace("{schema}", "main.sales");
	}

	private void check(List<String> failures, String verb, String target, String body) throws Exception {
		var request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + target))
			.header("X-API-Key", IntegrationTest.API_KEY)
			.header("Content-Type", "application/json")
			.method(verb, body == null ? HttpRequest.BodyPublishers.noBody()
					: HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
			.build();
		HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
		int status = response.statusCode();
		String type = response.headers().firstValue("Content-Type").orElse("");
		if (status >= 500 || status >= 400 && !type.startsWith("application/problem+json")) {
			failures.add(verb + " " + abbreviated(target) + (body == null ? "" : " body " + abbreviated(body)) + ": "
					+ status + " " + type);
		}
	}

	private static String abbreviated(String text) {
		return text.length() > 200 ? text.substring(0, 200) + "..." : text;
	}

}
