package io.lakegov.embedded;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.ReplicaProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service on its embedded default, run as a user runs it, through crashes: killed outright, it leaves
 * its PostgreSQL running, and the next start takes over the folder; when its PostgreSQL is killed under it,
 * the service starts it again and answers from the same store.
 */
class EmbeddedDefaultCrashIntegrationTests {

	private static final Path LOGS = Path.of("target", "replica-logs");

	private static final Duration UP = Duration.ofMinutes(3);

	@TempDir
	Path directory;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void aKilledServiceStartsAgainAndAKilledStoreComesBackUnderARunningService() throws Exception {
		Path data = directory.resolve("pgdata");
		try (ReplicaProcess first = start("embedded-first")) {
			first.awaitUp(UP);
			awaitStatus(first, "/actuator/health/readiness", 200);
			first.kill();
		}
		ProcessHandle left = Postmaster.running(data).orElseThrow();

		try (ReplicaProcess second = start("embedded-second")) {
			second.awaitUp(UP);
			assertThat(Postmaster.running(data).orElseThrow().pid())
				.as("the server the killed service left behind was stopped, and another started")
				.isNotEqualTo(left.pid());
			awaitStatus(second, "/api/v1/usage/daily?limit=5", 200);

			ProcessHandle server = Postmaster.running(data).orElseThrow();
			server.destroyForcibly();
			awaitRestart(data, server);
			awaitStatus(second, "/actuator/health/readiness", 200);
			awaitStatus(second, "/api/v1/usage/daily?limit=5", 200);
			assertThat(second.output()).contains("that a lakegov which did not stop cleanly left running",
					"is not running; starting it again", "Embedded PostgreSQL started again");
		}
		assertThat(Postmaster.running(data)).as("a service that stops stops its PostgreSQL").isEmpty();
	}

	private ReplicaProcess start(String name) {
		return ReplicaProcess.start(name, LOGS, List.of("--lakegov.embedded.enabled=true",
				"--lakegov.embedded.directory=" + directory, "--lakegov.embedded.watch-interval=500ms",
				"--lakegov.security.api-keys=" + IntegrationTest.API_KEY, "--lakegov.catalog.enabled=false"));
	}

	/** Waits until a server other than the killed one runs on the folder. */
	private static void awaitRestart(Path data, ProcessHandle killed) {
		await("a server started again on " + data).atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> Postmaster.running(data).filter(server -> server.pid() != killed.pid()).isPresent());
	}

	/** Waits until the path answers the status. */
	private void awaitStatus(ReplicaProcess replica, String path, int status) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + replica.port() + path))
			.header("X-API-Key", IntegrationTest.API_KEY)
			.timeout(Duration.ofSeconds(5))
			.build();
		await(path + " answering " + status).atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(250))
			.ignoreExceptions()
			.until(() -> http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == status);
	}

}
