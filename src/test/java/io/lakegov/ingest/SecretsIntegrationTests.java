package io.lakegov.ingest;

import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Configured secrets (API keys, the source's password, a password in its URL) and presented credentials
 * appear nowhere: not in the logs from startup on (at DEBUG for security and web), not in the actuator's
 * env and configprops (exposed here as an installation might), not in error bodies, not in the record of
 * a run that failed on the source. Prometheus is configured to need a key here.
 */
@ExtendWith(OutputCaptureExtension.class)
@IntegrationTest(properties = {
		"lakegov.security.api-keys=admin-secret-key-1,viewer:viewer-secret-key-2,operator:sha256:"
				+ "0000000000000000000000000000000000000000000000000000000000000000",
		"lakegov.source.url=jdbc:lakegov-no-such-driver://127.0.0.1:1/history;PWD=url-secret-pw-3",
		"lakegov.source.username=token", "lakegov.source.password=source-secret-pw-4", "lakegov.ingest.retries=0",
		"lakegov.security.prometheus-public=false",
		"management.endpoints.web.exposure.include=health,info,prometheus,env,configprops",
		"logging.level.org.springframework.security=DEBUG", "logging.level.org.springframework.web=DEBUG",
		"logging.level.io.lakegov=DEBUG" })
class SecretsIntegrationTests {

	static final List<String> SECRETS = List.of("admin-secret-key-1", "viewer-secret-key-2", "url-secret-pw-3",
			"source-secret-pw-4", "presented-wrong-key-5", "presented-token-6");

	@Autowired
	IngestionService ingestion;

	@LocalServerPort
	int port;

	@Test
	void secretsAppearInNoLogActuatorEndpointErrorBodyOrRunRecord(CapturedOutput output) {
		var admin = TestApi.withKey(port, "admin-secret-key-1");
		StringBuilder bodies = new StringBuilder();
		for (String endpoint : List.of("/actuator/env", "/actuator/configprops",
				"/actuator/env/lakegov.source.password", "/actuator/env/lakegov.security.api-keys")) {
			var response = admin.get().uri(endpoint).retrieve().toEntity(String.class);
			assertThat(response.getStatusCode().value()).as(endpoint).isEqualTo(200);
			bodies.append(response.getBody());
		}
		assertThat(bodies).contains("lakegov.source.password");
		var viewer = TestApi.withKey(port, "viewer-secret-key-2");
		assertThat(viewer.get().uri("/actuator/env").retrieve().toBodilessEntity().getStatusCode().value())
			.isEqualTo(403);
		bodies.append(TestApi.withKey(port, "presented-wrong-key-5").get().uri("/api/v1/tables").retrieve()
			.body(String.class));
		bodies.append(TestApi.withToken(port, "presented-token-6").get().uri("/api/v1/tables").retrieve()
			.body(String.class));
		bodies.append(viewer.get().uri("/api/v1/ingestion/runs").retrieve().body(String.class));
		assertThat(TestApi.anonymous(port).get().uri("/actuator/prometheus").retrieve().toBodilessEntity()
			.getStatusCode().value()).as("prometheus behind a key").isEqualTo(401);
		assertThat(viewer.get().uri("/actuator/prometheus").retrieve().toBodilessEntity().getStatusCode().value())
			.isEqualTo(200);
		assertThat(TestApi.anonymous(port).get().uri("/actuator/health").retrieve().toBodilessEntity()
			.getStatusCode().value()).isEqualTo(200);

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(run.status()).isEqualTo("FAILED");
		bodies.append(run.error());
		bodies.append(admin.get().uri("/api/v1/ingestion/runs/" + run.id()).retrieve().body(String.class));
		bodies.append(admin.get().uri("/api/v1/ingestion/status").retrieve().body(String.class));

		for (String secret : SECRETS) {
			assertThat(bodies.toString().contains(secret)).as("%s in responses or run records", secret).isFalse();
			assertThat(output.getAll().contains(secret)).as("%s in the logs", secret).isFalse();
		}
		assertThat(run.error()).contains("PWD=******");
		assertThat(output.getAll()).contains("Ingestion run " + run.id() + " failed");
	}

}
