package io.lakegov.watch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.ReplicaProcess;
import io.lakegov.support.RestartablePostgres;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestDatabaseConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Replicas in JVMs of their own over one store: events that a replica stored and never sent (it was killed
 * first, SIGKILL) are delivered by the replicas that come up after it, each event once although both send.
 */
class WatchReplicaIntegrationTests {

	static final Duration STARTUP = Duration.ofMinutes(3);

	static final Path LOGS = Path.of("target", "replica-logs");

	static final int READERS = 30;

	@Test
	void eventsOfAReplicaKilledBeforeSendingAreDeliveredOnceByTheTwoThatFollow(@TempDir Path directory) {
		String sourceUrl = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();
		JdbcClient source = JdbcClient.create(new DriverManagerDataSource(sourceUrl));
		source.sql(localWarehouse()).update();
		try (var store = new RestartablePostgres(directory.resolve("store")).start();
				var receiver = WebhookReceiver.accepting()) {
			store.createDatabase("watch");
			JdbcClient jdbc = JdbcClient.create(new DriverManagerDataSource(store.jdbcUrl("watch")));
			try (ReplicaProcess first = replica(store, sourceUrl, "watch-1", false)) {
				first.awaitUp(STARTUP);
				var created = TestApi.withKey(first.port())
					.post()
					.uri("/api/v1/watches")
					.body(Map.of("name", "readers", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"),
							"webhook", Map.of("url", receiver.url())))
					.retrieve()
					.toEntity(JsonNode.class);
				assertThat(created.getStatusCode().value()).isEqualTo(201);
				Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
				jdbc.sql("UPDATE watch SET created_at = :at").param("at", Timestamp.from(now.minus(1, ChronoUnit.HOURS))).update();
				jdbc.sql("SELECT nextval('watch_version')").query(Long.class).single();
				var rows = new SourceRows(source);
				for (int i = 0; i < READERS; i++) {
					rows.row("q-" + i).user("reader-" + i).started(now.minusSeconds(600 - i)).text("SELECT * FROM main.sales.orders").save();
				}
				assertThat(TestApi.withKey(first.port()).post().uri("/api/v1/ingestion/runs").retrieve().toBodilessEntity()
					.getStatusCode().value()).isEqualTo(202);
				await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500))
					.until(() -> pending(jdbc) == READERS);
				first.kill();
			}
			assertThat(receiver.all()).isEmpty();

			try (ReplicaProcess second = replica(store, sourceUrl, "watch-2", true);
					ReplicaProcess third = replica(store, sourceUrl, "watch-3", true)) {
				second.awaitUp(STARTUP);
				third.awaitUp(STARTUP);
				await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(() -> pending(jdbc) == 0);
				// both senders keep looking; nothing more may arrive
				await().pollDelay(Duration.ofSeconds(5)).until(() -> true);
				List<String> ids = receiver.all().stream().map(request -> request.header("X-Lakegov-Event-Id")).toList();
				assertThat(ids).hasSize(READERS).doesNotHaveDuplicates();
			}
		}
	}

	private static long pending(JdbcClient jdbc) {
		return jdbc.sql("SELECT count(*) FROM watch_event WHERE status = 'PENDING'").query(Long.class).single();
	}

	private static ReplicaProcess replica(RestartablePostgres store, String sourceUrl, String name, boolean sending) {
		return ReplicaProcess.start(name, LOGS, List.of("--spring.datasource.url=" + store.jdbcUrl("watch"),
				"--lakegov.source.url=" + sourceUrl, "--lakegov.source.username=postgres",
				"--lakegov.source.table=query.history", "--lakegov.source.inventory-table=lakehouse.tables",
				"--lakegov.source.lineage-table=access.table_lineage", "--lakegov.source.columns-table=lakehouse.columns",
				"--lakegov.ingest.enabled=false", "--lakegov.ingest.run-on-startup=false",
				"--lakegov.ingest.initial-lookback=1d", "--lakegov.security.api-keys=" + IntegrationTest.API_KEY,
				"--lakegov.demo.enabled=false", "--lakegov.catalog.enabled=false", "--lakegov.history.purge-enabled=false",
				"--lakegov.watch.enabled=" + sending, "--lakegov.watch.allow-private-targets=true",
				"--lakegov.watch.send-interval=200ms"));
	}

	private static String localWarehouse() {
		try {
			return new ClassPathResource("warehouse/local-warehouse.sql").getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
