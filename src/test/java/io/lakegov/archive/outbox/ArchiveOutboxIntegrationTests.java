package io.lakegov.archive.outbox;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lakegov.archive.ArchiveProperties;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static io.lakegov.support.Latches.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every replica queues for a source's archive while it exists, with the archive enabled or not (this context
 * has it off): turning the archive off for a while, or a replica deployed without it, leaves nothing out. A
 * registration sees the batches in flight, and an archive no replica writes any more is retired with its
 * outbox; enabling it again queues everything.
 */
@IntegrationTest
class ArchiveOutboxIntegrationTests {

	static final String SCHEMA = "main.lakegov_archive";

	@Autowired
	ArchiveProperties properties;

	@Autowired
	ArchiveOutboxRepository outbox;

	@Autowired
	ArchiveOutbox archiveOutbox;

	@Autowired
	IngestionService ingestion;

	@Autowired
	TransactionTemplate transactions;

	@Autowired
	JdbcClient jdbc;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
	}

	@Test
	void aReplicaWithoutTheArchiveQueuesTheChangesOfASourceWhoseArchiveExists() {
		assertThat(properties.enabled()).isFalse();
		ingest("before");
		assertThat(queued()).as("no archive, nothing queued").isEmpty();

		outbox.register("default", SCHEMA);
		assertThat(queued()).as("what the store held when the archive was registered").containsExactly("before");
		ingest("while-off");

		assertThat(queued()).containsExactlyInAnyOrder("before", "while-off");
	}

	@Test
	void aRegistrationWaitsForTheBatchesInFlightAndQueuesWhatTheyStored() throws Exception {
		CountDownLatch queuedNothing = new CountDownLatch(1);
		CountDownLatch registering = new CountDownLatch(1);
		CompletableFuture<Void> batch = CompletableFuture.runAsync(() -> transactions.executeWithoutResult(status -> {
			insertHistory("in-flight");
			outbox.queue("default", List.of("in-flight"));
			queuedNothing.countDown();
			await(registering);
		}));
		assertThat(queuedNothing.await(30, TimeUnit.SECONDS)).isTrue();

		CompletableFuture<Void> registration = CompletableFuture.runAsync(() -> outbox.register("default", SCHEMA));
		Thread.sleep(500);
		assertThat(registration).as("waits for the batch that found no archive").isNotDone();
		registering.countDown();
		batch.get(30, TimeUnit.SECONDS);
		registration.get(30, TimeUnit.SECONDS);

		assertThat(queued()).containsExactly("in-flight");
	}

	@Test
	void anArchiveNoReplicaLooksAtIsRetiredWithItsOutboxAndStartsCompleteWhenEnabledAgain() {
		outbox.register("default", SCHEMA);
		outbox.register("other", SCHEMA);
		ingest("q1");
		jdbc.sql("UPDATE archive_source SET seen_at = now() - interval '7 days 1 minute' WHERE source = 'default'")
			.update();
		jdbc.sql("UPDATE archive_source SET seen_at = now() - interval '6 days' WHERE source = 'other'").update();
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) VALUES ('other', 'o1')").update();

		archiveOutbox.retireAbandoned();

		assertThat(jdbc.sql("SELECT source FROM archive_source").query(String.class).list()).containsExactly("other");
		assertThat(jdbc.sql("SELECT source || '/' || statement_id FROM archive_outbox").query(String.class).list())
			.containsExactly("other/o1");
		ingest("q2");
		assertThat(queued()).as("a retired archive queues nothing").isEmpty();

		outbox.register("default", SCHEMA);

		assertThat(queued()).containsExactlyInAnyOrder("q1", "q2");
	}

	@Test
	void aReplicaWritingTheArchiveKeepsItAlive() {
		outbox.register("default", SCHEMA);
		jdbc.sql("UPDATE archive_source SET seen_at = now() - interval '8 days'").update();

		outbox.register("default", SCHEMA);
		archiveOutbox.retireAbandoned();

		assertThat(jdbc.sql("SELECT count(*) FROM archive_source WHERE seen_at > now() - interval '1 minute'")
			.query(Integer.class)
			.single()).isEqualTo(1);
	}

	private void ingest(String statementId) {
		new SourceRows(jdbc).row(statementId)
			.text("SELECT * FROM main.sales.orders")
			.user("ann")
			.started(Instant.now().minus(1, ChronoUnit.HOURS))
			.save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	private void insertHistory(String statementId) {
		jdbc.sql("""
				INSERT INTO query_history (source, statement_id, update_time, statement_text, source_kind, first_seen_at,
				    last_changed_at)
				VALUES ('default', :id, now(), 'SELECT 1', 'UNKNOWN', now(), now())""").param("id", statementId).update();
	}

	private List<String> queued() {
		return jdbc.sql("SELECT DISTINCT statement_id FROM archive_outbox WHERE source = 'default' ORDER BY 1")
			.query(String.class)
			.list();
	}

}
