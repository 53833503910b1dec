package io.lakegov.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document the service serves is the committed contract {@code api/openapi.yaml}.
 * Regenerate the file after an intended API change with
 * {@code ./mvnw test -Dtest=OpenApiContractIntegrationTests -Dlakegov.openapi.write=true}.
 */
@IntegrationTest
class OpenApiContractIntegrationTests {

	static final Path CONTRACT = Path.of("api/openapi.yaml");

	@LocalServerPort
	int port;

	@Test
	void servedDocumentEqualsCommittedContract() throws IOException {
		String served = TestApi.anonymous(port).get().uri("/v3/api-docs.yaml").retrieve().body(String.class);
		if (Boolean.getBoolean("lakegov.openapi.write")) {
			Files.createDirectories(CONTRACT.getParent());
			Files.writeString(CONTRACT, served, StandardCharsets.UTF_8);
		}
		assertThat(normalised(served))
			.as("served OpenAPI document differs from %s; regenerate it if the change is intended", CONTRACT)
			.isEqualTo(normalised(Files.readString(CONTRACT, StandardCharsets.UTF_8)));
	}

	/** The document as data, without the server address (the port differs on every run). */
	static Map<String, Object> normalised(String yaml) {
		Map<String, Object> document = new Yaml().load(yaml);
		document.remove("servers");
		return document;
	}

}
