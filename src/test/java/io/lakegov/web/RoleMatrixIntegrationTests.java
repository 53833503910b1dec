package io.lakegov.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.lakegov.support.AuthorizationServer;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;
import org.springframework.web.util.UriComponentsBuilder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every operation of the served OpenAPI document, called with every kind of credentials, answers what its
 * declared role ({@code x-lakegov-role}) says: 401 without valid credentials, 403 with a role too small,
 * neither with a role large enough. An operation that declares no role fails the test. Tokens come from a
 * real authorization server started in this JVM.
 */
@IntegrationTest
class RoleMatrixIntegrationTests {

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void oauth2(DynamicPropertyRegistry registry) {
		registry.add("lakegov.security.oauth2.issuer-uri", AuthorizationServer::issuer);
		AuthorizationServer.ROLE_MAPPING.forEach((key, value) -> registry.add(key, () -> value));
	}

	/** Credentials and the role they carry: null for none that count, empty role for valid but roleless. */
	record Caller(String name, Supplier<RestClient> client, Integer unauthenticated, Role role) {
	}

	List<Caller> callers() {
		List<Caller> callers = new ArrayList<>();
		callers.add(new Caller("no credentials", () -> TestApi.anonymous(port), 401, null));
		callers.add(new Caller("wrong key", () -> TestApi.withKey(port, "not-a-key"), 401, null));
		callers.add(new Caller("viewer key", () -> TestApi.withKey(port, IntegrationTest.VIEWER_KEY), null, Role.VIEWER));
		callers.add(new Caller("operator key", () -> TestApi.withKey(port, IntegrationTest.OPERATOR_KEY), null,
				Role.OPERATOR));
		callers.add(new Caller("admin key", () -> TestApi.withKey(port, IntegrationTest.API_KEY), null, Role.ADMIN));
		for (Role role : Role.values()) {
			String token = AuthorizationServer.token(role.id());
			callers.add(new Caller(role.id() + " token", () -> TestApi.withToken(port, token), null, role));
		}
		String stranger = AuthorizationServer.token("stranger");
		callers.add(new Caller("token without a mapped group", () -> TestApi.withToken(port, stranger), null, null));
		String expired = AuthorizationServer.expiredToken();
		callers.add(new Caller("expired token", () -> TestApi.withToken(port, expired), 401, null));
		String foreign = AuthorizationServer.otherIssuerToken();
		callers.add(new Caller("token of another issuer", () -> TestApi.withToken(port, foreign), 401, null));
		return callers;
	}

	@Test
	void everyOperationAnswersAsItsRoleSays() {
		JsonNode document = JsonMapper.builder()
			.build()
			.readTree(TestApi.anonymous(port).get().uri("/v3/api-docs").retrieve().body(String.class));
		Map<String, JsonNode> operations = new LinkedHashMap<>();
		document.get("paths").properties().forEach(path -> path.getValue().properties().forEach(method -> {
			operations.put(method.getKey().toUpperCase(java.util.Locale.ROOT) + " " + path.getKey(), method.getValue());
		}));
		assertThat(operations).hasSizeGreaterThan(15);
		List<Caller> callers = callers();
		List<String> failures = new ArrayList<>();
		for (var entry : operations.entrySet()) {
			JsonNode roleNode = entry.getValue().get(OpenApiConfig.ROLE_EXTENSION);
			if (roleNode == null) {
				failures.add(entry.getKey() + " declares no role");
				continue;
			}
			Role required = Role.valueOf(roleNode.asString().toUpperCase(java.util.Locale.ROOT));
			for (Caller caller : callers) {
				int status = call(caller.client().get(), entry.getKey(), entry.getValue());
				String expected;
				boolean ok;
				if (caller.unauthenticated() != null) {
					expected = "401";
					ok = status == 401;
				}
				else if (caller.role() == null || !caller.role().includes(required)) {
					expected = "403";
					ok = status == 403;
				}
				else {
					expected = "neither 401 nor 403 nor 5xx";
					ok = status != 401 && status != 403 && status < 500;
				}
				if (!ok) {
					failures.add(entry.getKey() + " (" + required.id() + ") with " + caller.name() + ": " + status
							+ ", expected " + expected);
				}
			}
		}
		System.out.printf("role matrix: %d operations x %d callers%n", operations.size(), callers.size());
		assertThat(failures).isEmpty();
	}

	private static int call(RestClient client, String operation, JsonNode description) {
		String[] parts = operation.split(" ", 2);
		String path = parts[1].replace("{table}", "main.sales.orders")
			.replace("{user}", "ann@example.com")
			.replace("{id}", "1")
			.replace("{column}", "amount")
			.replace("{schema}", "main.sales");
		var uri = UriComponentsBuilder.fromPath(path);
		JsonNode parameters = description.get("parameters");
		if (parameters != null) {
			for (JsonNode parameter : parameters) {
				if ("query".equals(parameter.get("in").asString()) && parameter.has("required")
						&& parameter.get("required").asBoolean()) {
					uri.queryParam(parameter.get("name").asString(), "1");
				}
			}
		}
		var request = client.method(HttpMethod.valueOf(parts[0])).uri(uri.build().toUriString());
		if (description.has("requestBody")) {
			request = request.contentType(MediaType.APPLICATION_JSON).body("{}");
		}
		return request.retrieve().toBodilessEntity().getStatusCode().value();
	}

}
