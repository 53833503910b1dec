package io.lakegov.ingest;

import java.sql.SQLTransientConnectionException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakegov.history.HistoryReader;
import io.lakegov.ingest.batch.BatchIngester;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.reset;

@IntegrationTest(properties = { "lakegov.ingest.batch-size=2", "lakegov.ingest.zero-rows-alert-after=0s",
		"lakegov.ingest.retries=2" })
class IngestionFailureIntegrationTests {

	static final Instant T0 = Instant.now().minus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	IngestionRunRepository runs;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	RunHeartbeats heartbeats;

	@MockitoSpyBean
	BatchIngester batches;

	@MockitoSpyBean
	HistoryReader reader;

	SourceRows source;

	@BeforeEach
	void resetState() {
		reset(batches, reader);
		IngestionTestSupport.reset(jdbc);
		source = new SourceRows(jdbc);
		// texts of its own per test: the analysis cache outlives the store resets between tests
		String nonce = UUID.randomUUID().toString();
		for (int i = 0; i < 6; i++) {
			source.row("row-" + i)
				.text("SELECT * FROM c.s.t" + i + " -- " + nonce)
				.user("u")
				.started(T0.plusSeconds(i * 10))
				.save();
		}
	}

	@Test
	void crashBetweenBatchesLosesNothingAndTheNextRunResumesWithoutDuplicates() {
		AtomicInteger calls = new AtomicInteger();
		doAnswer(invocation -> {
			Object outcome = invocation.callRealMethod();
			// late in the batch's transaction: history, analyses and facts are written and roll back
			if (calls.incrementAndGet() == 2) {
				throw new IllegalStateException("simulated crash");
			}
			return outcome;
		}).when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());

		IngestionRun failed = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(failed.status()).isEqualTo("FAILED");
		assertThat(failed.error()).contains("simulated crash");
		assertThat(IngestionTestSupport.facts(jdbc)).hasSize(2);
		assertThat(ingestion.watermark()).contains(T0.plusSeconds(15));

		doCallRealMethod().when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());
		IngestionRun resumed = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(resumed.status()).isEqualTo("SUCCEEDED");
		assertThat(resumed.windowStart()).isEqualTo(T0.plusSeconds(15).minus(2, ChronoUnit.HOURS));
		List<String> facts = IngestionTestSupport.facts(jdbc);
		assertThat(facts).hasSize(6);
		assertThat(jdbc.sql("SELECT count(*) FROM query_history").query(Long.class).single()).isEqualTo(6);
		// every text has its analysis stored, those of the rolled-back batch too
		assertThat(jdbc.sql("SELECT count(*) FROM statement_analysis").query(Long.class).single()).isEqualTo(6);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void retriesATransientSourceFailureFromTheLastCommittedBatch() throws Exception {
		AtomicInteger calls = new AtomicInteger();
		doAnswer(invocation -> {
			if (calls.incrementAndGet() == 1) {
				throw new SQLTransientConnectionException("connection reset");
			}
			return invocation.callRealMethod();
		}).when(reader).read(any(), any(), any(), anyInt(), any());

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(calls.get()).isEqualTo(2);
		assertThat(IngestionTestSupport.facts(jdbc)).hasSize(6);
		assertThat(jdbc.sql("SELECT count(*) FROM query_history").query(Long.class).single()).isEqualTo(6);
	}

	@Test
	void aSourceThatKeepsFailingFailsTheRunAndLeavesTheWatermark() throws Exception {
		doAnswer(invocation -> {
			throw new SQLTransientConnectionException("warehouse unreachable");
		}).when(reader).read(any(), any(), any(), anyInt(), any());

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("FAILED");
		assertThat(run.error()).contains("warehouse unreachable");
		assertThat(ingestion.watermark()).isEmpty();
	}

	@Test
	void twoConcurrentTriggersRunOnceAndRefuseTheOther() throws Exception {
		// stubbing is not thread-safe: slow every batch down once, before both triggers start
		doAnswer(invocation -> {
			Thread.sleep(300);
			return invocation.callRealMethod();
		}).when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());
		CyclicBarrier barrier = new CyclicBarrier(2);
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			List<Future<String>> outcomes = List.of(pool.submit(() -> trigger(barrier)), pool.submit(() -> trigger(barrier)));
			List<String> results = List.of(outcomes.get(0).get(2, TimeUnit.MINUTES),
					outcomes.get(1).get(2, TimeUnit.MINUTES));
			assertThat(results).containsExactlyInAnyOrder("SUCCEEDED", "in progress");
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void flagsARunThatReadsNothingForLongerThanAllowed() {
		source.clear();
		ingestion.runIncremental(RunKind.MANUAL);
		IngestionRun second = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(second.rowsRead()).isZero();
		assertThat(second.zeroRowsAlert()).isTrue();
	}

	@Test
	void aCrashedRunWithoutHeartbeatDoesNotBlockTheNextOne() {
		jdbc.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, node)
				VALUES ('default', 'SCHEDULED', 'RUNNING', now() - interval '2 hours', now() - interval '2 hours', 'dead-node')""")
			.update();
		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(jdbc.sql("SELECT error FROM ingestion_run WHERE node = 'dead-node'").query(String.class).single())
			.startsWith("abandoned");
	}

	@Test
	void aRunTakenForAbandonedByAnotherReplicaWritesNoFurtherBatch() {
		AtomicInteger calls = new AtomicInteger();
		doAnswer(invocation -> {
			// another replica found the heartbeat stale after the first batch and took the slot (in its own transaction)
			if (calls.incrementAndGet() == 2) {
				CompletableFuture.runAsync(() -> jdbc.sql("UPDATE ingestion_run SET status = 'FAILED', finished_at = now(), "
						+ "error = 'abandoned: test' WHERE status = 'RUNNING'").update()).join();
			}
			return invocation.callRealMethod();
		}).when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("FAILED");
		assertThat(run.error()).isEqualTo("abandoned: test");
		assertThat(run.batches()).isEqualTo(1);
		assertThat(IngestionTestSupport.facts(jdbc)).hasSize(2);
		assertThat(ingestion.watermark()).contains(T0.plusSeconds(15));
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		doCallRealMethod().when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		assertThat(IngestionTestSupport.facts(jdbc)).hasSize(6);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void heartbeatsKeepTheRunsOfThisProcessAliveAndMarkTheStaleRunsOfOthers() {
		long mine = insertRun("default", "this-node", "10 minutes");
		long dead = insertRun("eu", "dead-node", "20 minutes");
		heartbeats.started(mine);
		try {
			heartbeats.beat();
		}
		finally {
			heartbeats.ended(mine);
		}
		assertThat(jdbc.sql("SELECT status FROM ingestion_run WHERE id = :id AND heartbeat_at > now() - interval '1 minute'")
			.param("id", mine).query(String.class).single()).isEqualTo("RUNNING");
		assertThat(jdbc.sql("SELECT status || ' ' || error FROM ingestion_run WHERE id = :id").param("id", dead)
			.query(String.class).single()).startsWith("FAILED abandoned: no heartbeat from dead-node since ");
	}

	@Test
	void aFailureTheStoreCouldNotTakeIsRecordedWithItsReasonWhenItIsBack() {
		long run = insertRun("default", "this-node", "0 minutes");
		heartbeats.failedUnrecorded(run, "SQLException: connection lost");
		heartbeats.beat();
		assertThat(jdbc.sql("SELECT status || ' ' || error FROM ingestion_run WHERE id = :id").param("id", run)
			.query(String.class).single()).isEqualTo("FAILED SQLException: connection lost");
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	/** A RUNNING run of the source whose heartbeat is this old. */
	private long insertRun(String source, String node, String heartbeatAge) {
		return jdbc.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, node)
				VALUES (:source, 'SCHEDULED', 'RUNNING', now() - CAST(:age AS interval), now() - CAST(:age AS interval), :node)
				RETURNING id""")
			.param("source", source)
			.param("node", node)
			.param("age", heartbeatAge)
			.query(Long.class)
			.single();
	}

	private String trigger(CyclicBarrier barrier) throws Exception {
		barrier.await(1, TimeUnit.MINUTES);
		try {
			return ingestion.runIncremental(RunKind.MANUAL).status();
		}
		catch (IngestionRunRepository.RunInProgressException ex) {
			return "in progress";
		}
	}

}
