package io.lakegov.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakegov.history.SourceDatabase;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.ReplicaProcess;
import io.lakegov.support.RestartablePostgres;
import io.lakegov.support.StoreSnapshot;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestDatabaseConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Replicas of the service in JVMs of their own, on a store the test restarts: a replica killed in the middle
 * of a run (SIGKILL, no chance to clean up) and the store restarted right after stop scheduled ingestion
 * only until the run's heartbeat is stale and the schedule's lock lease ends; a store that goes away in the
 * middle of a batch fails that run with its reason and the pool recovers; a replica started while its store
 * is down comes up once it is back. After each, the store holds, table by table, what one clean ingestion of
 * the same source leaves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicaFailoverIntegrationTests {

	static final Duration STALE_RUN_TIMEOUT = Duration.ofSeconds(30);

	static final Duration STARTUP = Duration.ofMinutes(3);

	/** The replicas' logs, kept after the test for a look at what each did. */
	static final Path LOGS = Path.of("target", "replica-logs");

	Path directory;

	RestartablePostgres store;

	String sourceUrl;

	StoreSnapshot clean;

	final List<ReplicaProcess> replicas = new ArrayList<>();

	@BeforeAll
	void sourceAndACleanIngestion(@TempDir Path directory) {
		this.directory = directory;
		sourceUrl = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();
		var source = new DriverManagerDataSource(sourceUrl);
		JdbcClient.create(source).sql(localWarehouse()).update();
		// a workload long enough that a run of 20-row batches is caught in its middle
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		new DemoWarehouse(new SourceDatabase(source, "query.history", "lakehouse.tables", true, "test source",
				"access.table_lineage", "lakehouse.columns"))
			.writeFinished(new DemoWorkload(23).generate(now.minus(Duration.ofDays(3)), now.minus(Duration.ofHours(1)),
					4_000));

		store = new RestartablePostgres(directory.resolve("store")).start();
		store.createDatabase("clean");
		try (ReplicaProcess replica = replica("clean", "clean", true)) {
			replica.awaitUp(STARTUP);
			await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
				.until(() -> succeededRuns(jdbc("clean"), Instant.EPOCH) > 0);
		}
		clean = StoreSnapshot.of(jdbc("clean"));
		assertThat(clean.rows("table_access")).hasSizeGreaterThan(4_000);
	}

	@AfterAll
	void stop() {
		replicas.forEach(ReplicaProcess::close);
		if (store != null) {
			store.close();
		}
	}

	@Test
	void aReplicaKilledMidRunAndTheStoreRestartedStopIngestionOnlyUntilTheRunIsStale() {
		store.createDatabase("chaos");
		ReplicaProcess first = replica("chaos", "chaos-1", false);
		ReplicaProcess second = replica("chaos", "chaos-2", false);
		first.awaitUp(STARTUP);
		second.awaitUp(STARTUP);
		JdbcClient chaos = jdbc("chaos");

		Running victimRun = awaitRunningWithBatches(chaos, 3);
		ReplicaProcess victim = victimRun.node().endsWith("/" + first.pid()) ? first : second;
		ReplicaProcess survivor = victim == first ? second : first;
		assertThat(victimRun.node()).endsWith("/" + victim.pid());

		var conflict = TestApi.withKey(survivor.port()).post().uri("/api/v1/ingestion/runs").retrieve()
			.toEntity(JsonNode.class);
		assertThat(conflict.getStatusCode().value()).isEqualTo(409);
		assertThat(conflict.getBody().get("runId").asLong()).isEqualTo(victimRun.id());

		victim.kill();
		Instant killed = Instant.now();
		store.stop();
		store.start();

		await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
			.until(() -> succeededRuns(chaos, killed) > 0 && running(chaos).isEmpty());
		Duration stopped = Duration.between(killed, Instant.now());
		assertThat(survivor.alive()).isTrue();

		assertThat(chaos.sql("SELECT status, error FROM ingestion_run WHERE id = :id").param("id", victimRun.id())
			.query((rs, n) -> rs.getString(1) + ": " + rs.getString(2)).single()).startsWith("FAILED: abandoned");
		assertRunsNeverOverlapped(chaos);
		assertThat(StoreSnapshot.of(chaos).differences(clean)).isEmpty();
		assertThat(stopped).as("ingestion stopped by the kill").isLessThan(Duration.ofMinutes(4));
		survivor.close();
	}

	@Test
	void theStoreGoingAwayMidBatchFailsTheRunWithItsReasonAndTheNextRunCompletesTheWindow() {
		store.createDatabase("restarted");
		ReplicaProcess replica = replica("restarted", "restarted", false);
		replica.awaitUp(STARTUP);
		JdbcClient restarted = jdbc("restarted");

		Running interrupted = awaitRunningWithBatches(restarted, 3);
		store.stop();
		store.start();

		await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
			.until(() -> succeededRuns(restarted, Instant.EPOCH) > 0 && running(restarted).isEmpty());
		String outcome = restarted.sql("SELECT status || ': ' || coalesce(error, '') FROM ingestion_run WHERE id = :id")
			.param("id", interrupted.id())
			.query(String.class)
			.single();
		assertThat(outcome).startsWith("FAILED: ").doesNotContain("abandoned");
		assertThat(replica.alive()).isTrue();
		assertThat(StoreSnapshot.of(restarted).differences(clean)).isEmpty();
		replica.close();
	}

	@Test
	void aReplicaStartedWhileItsStoreIsDownComesUpWhenItIsBack() throws InterruptedException {
		store.createDatabase("late");
		store.stop();
		try {
			ReplicaProcess replica = replica("late", "late", false);
			Thread.sleep(Duration.ofSeconds(15).toMillis());
			assertThat(replica.alive()).as("waits for its store").isTrue();
			store.start();
			replica.awaitUp(STARTUP);
			await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1))
				.until(() -> succeededRuns(jdbc("late"), Instant.EPOCH) > 0);
			replica.close();
		}
		finally {
			store.start();
		}
	}

	record Running(long id, String node, int batches) {
	}

	private Running awaitRunningWithBatches(JdbcClient jdbc, int batches) {
		return await().atMost(STARTUP).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
			.until(() -> running(jdbc), run -> run.isPresent() && run.get().batches() >= batches)
			.orElseThrow();
	}

	private static Optional<Running> running(JdbcClient jdbc) {
		return jdbc.sql("SELECT id, node, batches FROM ingestion_run WHERE status = 'RUNNING'")
			.query((rs, n) -> new Running(rs.getLong(1), rs.getString(2), rs.getInt(3)))
			.optional();
	}

	private static long succeededRuns(JdbcClient jdbc, Instant since) {
		return jdbc.sql("SELECT count(*) FROM ingestion_run WHERE status = 'SUCCEEDED' AND rows_read > 0 AND started_at > :since")
			.param("since", Timestamp.from(since))
			.query(Long.class)
			.single();
	}

	/** No two runs of the source were RUNNING at the same time, whoever started them. */
	private static void assertRunsNeverOverlapped(JdbcClient jdbc) {
		assertThat(jdbc.sql("""
				SELECT count(*) FROM ingestion_run a JOIN ingestion_run b ON a.source = b.source AND a.id < b.id
				WHERE tstzrange(a.started_at, a.finished_at) && tstzrange(b.started_at, b.finished_at)""")
			.query(Long.class)
			.single()).isZero();
	}

	private ReplicaProcess replica(String database, String name, boolean runOnStartup) {
		ReplicaProcess replica = ReplicaProcess.start(name, LOGS, List.of(
				"--spring.datasource.url=" + store.jdbcUrl(database),
				"--lakegov.source.url=" + sourceUrl,
				"--lakegov.source.username=postgres",
				"--lakegov.source.table=query.history",
				"--lakegov.source.inventory-table=lakehouse.tables",
				"--lakegov.source.lineage-table=access.table_lineage",
				"--lakegov.source.columns-table=lakehouse.columns",
				"--lakegov.ingest.enabled=true",
				"--lakegov.ingest.cron=*/2 * * * * *",
				"--lakegov.ingest.run-on-startup=" + runOnStartup,
				"--lakegov.ingest.startup-delay=0s",
				"--lakegov.ingest.stale-run-timeout=" + STALE_RUN_TIMEOUT.toSeconds() + "s",
				"--lakegov.ingest.batch-size=20",
				"--lakegov.ingest.initial-lookback=7d",
				"--lakegov.usage.cache-warm-answers=0",
				"--lakegov.security.api-keys=" + IntegrationTest.API_KEY,
				"--lakegov.demo.enabled=false",
				"--lakegov.catalog.enabled=false",
				"--lakegov.history.purge-enabled=false"));
		replicas.add(replica);
		return replica;
	}

	private JdbcClient jdbc(String database) {
		return JdbcClient.create(new DriverManagerDataSource(store.jdbcUrl(database)));
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
