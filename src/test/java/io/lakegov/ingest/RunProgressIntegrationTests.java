package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistorySource;
import io.lakegov.ingest.batch.BatchIngester;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.reset;

@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
class RunProgressIntegrationTests {

	static final Instant T0 = Instant.now().minus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	IngestionStatusService status;

	@Autowired
	JdbcClient jdbc;

	@MockitoSpyBean
	BatchIngester batches;

	@MockitoSpyBean
	HistoryReader reader;

	@BeforeEach
	void resetState() {
		reset(batches, reader);
		IngestionTestSupport.reset(jdbc);
		SourceRows source = new SourceRows(jdbc);
		String nonce = UUID.randomUUID().toString();
		for (int i = 0; i < 6; i++) {
			source.row("row-" + i).text("SELECT * FROM c.s.t" + i + " -- " + nonce).user("u").started(T0.plusSeconds(i * 10)).save();
		}
	}

	@Test
	void aRunShowsRowsDoneAndToGoRateAndEtaInItsStatusWhileItRuns() {
		List<IngestionRun.Progress> seen = progressAtEachBatch();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		// before the third batch: two batches of two rows committed, the window counted by the source
		IngestionRun.Progress during = seen.get(2);
		assertThat(during.rowsExpected()).isEqualTo(6);
		assertThat(during.estimated()).isFalse();
		assertThat(during.rowsDone()).isEqualTo(4);
		assertThat(during.rowsToGo()).isEqualTo(2);
		assertThat(during.rowsPerSecond()).isPositive();
		assertThat(during.eta()).isAfterOrEqualTo(run.startedAt());
		assertThat(run.progress().rowsToGo()).isZero();
		assertThat(run.progress().rowsDone()).isEqualTo(6);
		assertThat(run.progress().eta()).isNull();
	}

	@Test
	void aSourceThatCannotCountHasItsWindowEstimatedFromThePreviousRun() {
		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);
		doThrow(new IllegalStateException("count refused")).when(reader)
			.count(any(HistorySource.class), any(Instant.class), any(Instant.class));

		IngestionRun second = ingestion.backfill(first.windowStart(), first.windowEnd());

		assertThat(second.progress().estimated()).isTrue();
		assertThat(second.progress().rowsExpected()).isEqualTo(6);
	}

	/** The running run's progress as the status shows it, looked up before each batch is written. */
	private List<IngestionRun.Progress> progressAtEachBatch() {
		List<IngestionRun.Progress> seen = new ArrayList<>();
		AtomicInteger calls = new AtomicInteger();
		doAnswer(invocation -> {
			if (calls.incrementAndGet() > 1) {
				seen.add(runningProgress());
			}
			else {
				seen.add(null);
			}
			return invocation.callRealMethod();
		}).when(batches).ingest(any(BatchIngester.Prepared.class), anyLong());
		return seen;
	}

	/** Waits for the window's count, which a thread of its own asks the source for beside the batches. */
	private IngestionRun.Progress runningProgress() throws InterruptedException {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
		while (Instant.now().isBefore(deadline)) {
			IngestionRun running = status.all().sources().get(0).running();
			if (running != null && running.progress() != null) {
				return running.progress();
			}
			Thread.sleep(50);
		}
		throw new AssertionError("the running run never showed its progress");
	}

}
