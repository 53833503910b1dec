package io.lakegov.ingest;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistoryRow;
import io.lakegov.history.HistorySource;
import io.lakegov.usage.RollupUpkeep;
import io.lakegov.ingest.batch.BatchIngester;
import io.lakegov.ingest.batch.BatchPipeline;
import io.lakegov.ingest.batch.MaskedTexts;
import io.lakegov.web.Secrets;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Ingests one window of a source: streams it in batches, two in flight (the reading thread prepares
 * the next batch while the writer thread commits one, in source order), each batch one transaction with
 * the run's progress and the watermark, and retries source failures with backoff from the last committed
 * batch. The rollups of the days the run has written catch up on a third thread beside it ({@link RunCatchUps}).
 */
@Component
class WindowIngestion implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(WindowIngestion.class);

	/** How often the log tells where a long run stands. */
	private static final Duration REPORT_EVERY = Duration.ofMinutes(1);

	/**
	 * How long batches with nothing to store (most of a re-read window) may go without a transaction: their
	 * counts and watermark commit with the next batch that stores something, or after this.
	 */
	private static final Duration HOLD_AT_MOST = Duration.ofSeconds(1);

	private final HistoryReader reader;

	private final BatchIngester batches;

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final TransactionTemplate tx;

	private final IngestProperties properties;

	private final IngestionMetrics metrics;

	private final StoreStatistics statistics;

	private final RollupUpkeep rollups;

	/** Writes the batches of the current run while its reading thread prepares the next one. */
	private final ExecutorService writer = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest-writer");
		thread.setDaemon(true);
		return thread;
	});

	/** Catches up the rollups of the current run's batches beside its writing. */
	private final ExecutorService catchUps = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest-rollups");
		thread.setDaemon(true);
		return thread;
	});

	/** Counts a run's window for the backlog gauge beside the run, which need not wait for it. */
	private final ExecutorService counter = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest-count");
		thread.setDaemon(true);
		return thread;
	});

	WindowIngestion(HistoryReader reader, BatchIngester batches, IngestionRunRepository runs,
			WatermarkRepository watermark, TransactionTemplate tx, IngestProperties properties, IngestionMetrics metrics,
			StoreStatistics statistics, RollupUpkeep rollups) {
		this.rollups = rollups;
		this.reader = reader;
		this.batches = batches;
		this.runs = runs;
		this.watermark = watermark;
		this.tx = tx;
		this.properties = properties;
		this.metrics = metrics;
		this.statistics = statistics;
	}

	/**
	 * Ingests {@code [from, to)} for the run on the calling thread; a backfill leaves the watermark alone.
	 * Returns the rows read. When it throws, every batch before the failed one has committed.
	 */
	long ingest(HistorySource source, IngestionRun run, Instant from, Instant to, boolean backfill) throws Exception {
		BatchPipeline pipeline = new BatchPipeline(writer);
		RunCatchUps beside = new RunCatchUps(catchUps, rollups);
		long storedAtStart = statistics.storedRows();
		RunProgress progress = new RunProgress(from, rows -> metrics.backlog(source.name(), rows));
		try {
			counter.execute(() -> expect(source, run, from, to, progress));
			for (int attempt = 0;; attempt++) {
				try {
					if (from.isBefore(to)) {
						long sent = System.nanoTime();
						boolean[] answered = { false };
						reader.read(source, progress.resumeFrom.get(), to, properties.batchSize(), new HistoryReader.BatchHandler() {

							@Override
							public int handle(HistoryReader.Batch batch) {
								if (!answered[0]) {
									answered[0] = true;
									metrics.readLatency(Duration.ofNanos(System.nanoTime() - sent));
								}
								int masked = masked(batch.rows());
								metrics.read(source.name(), batch.size(), masked);
								BatchIngester.Prepared prepared = batches.prepare(source, batch, progress.inFlight);
								pipeline.submit(() -> {
									write(run, backfill, prepared, batch.rejected(), masked, progress);
									beside.afterBatch(prepared.newestUpdate());
								});
								progress.inFlight = prepared.statementIds();
								progress.storing += prepared.newer().size();
								// on this thread, beside the write in flight, rather than in the writer's path
								statistics.refreshIfDue(progress.submitted(), progress.storing, storedAtStart);
								return prepared.newer().size();
							}

							@Override
							public Set<String> current(List<HistoryReader.RowKey> keys) {
								return batches.current(source, keys);
							}

						});
						if (!answered[0]) {
							metrics.readLatency(Duration.ofNanos(System.nanoTime() - sent));
						}
					}
					pipeline.drain();
					commitHeld(run, backfill, progress.held);
					statistics.refreshIfGrown(progress.storing, storedAtStart);
					beside.await();
					return progress.rowsRead();
				}
				catch (SQLException ex) {
					// the retry resumes after the last committed batch, so the batch in flight must land first
					pipeline.drain();
					if (attempt >= properties.retries()) {
						throw ex;
					}
					Duration wait = properties.retryBackoff().multipliedBy(1L << Math.min(attempt, 10));
					log.warn("Reading the query history of source {} failed ({}); retrying in {} from {}", source.name(),
							Secrets.mask(ex.getMessage()), wait, progress.resumeFrom.get());
					Thread.sleep(wait.toMillis());
				}
			}
		}
		catch (InterruptedException ex) {
			pipeline.cancel();
			beside.cancel();
			throw ex;
		}
		catch (Exception ex) {
			pipeline.awaitQuietly();
			beside.await();
			throw ex;
		}
		finally {
			progress.finish();
		}
	}

	/**
	 * Writes one batch in its own transaction, with the run's progress and (unless a backfill) the watermark.
	 * A batch with nothing to store has nothing to lose either: its counts and watermark wait for a later
	 * transaction (at most {@link #HOLD_AT_MOST}), and a crash before that only means its keys are read again.
	 */
	private void write(IngestionRun run, boolean backfill, BatchIngester.Prepared prepared, int rejected, int masked,
			RunProgress progress) {
		RunProgress.Held held = progress.held;
		if (prepared.newer().isEmpty() && !held.older(HOLD_AT_MOST)) {
			held.add(prepared.rowsRead() + rejected, masked, prepared.newestUpdate());
			written(run, progress, prepared.newestUpdate(), prepared.rowsRead(), 0, 0, rejected);
			return;
		}
		BatchIngester.Outcome outcome = tx.execute(status -> {
			rollups.deferToCatchUp();
			BatchIngester.Outcome result = batches.ingest(prepared, run.id());
			runs.progress(run.id(), held.batches + 1, held.rows + result.rowsRead() + rejected, result.rowsChanged(),
					result.analysed(), result.unanalysable(), held.masked + masked, result.rowsClosed());
			Instant newest = held.newest(result.newestUpdate());
			if (!backfill && newest != null) {
				watermark.advance(run.source(), newest, run.id());
			}
			return result;
		});
		held.committed();
		written(run, progress, outcome.newestUpdate(), outcome.rowsRead(), outcome.analysed(), outcome.unanalysable(),
				rejected);
	}

	/** Commits what held batches read, if any: the window ends. */
	private void commitHeld(IngestionRun run, boolean backfill, RunProgress.Held held) {
		if (held.batches == 0) {
			return;
		}
		tx.executeWithoutResult(status -> {
			runs.progress(run.id(), held.batches, held.rows, 0, 0, 0, held.masked, 0);
			if (!backfill && held.newest != null) {
				watermark.advance(run.source(), held.newest, run.id());
			}
		});
		held.committed();
	}

	/** After a batch: where a retry resumes, the backlog gauge, metrics, and the log line once a minute. */
	private void written(IngestionRun run, RunProgress progress, @Nullable Instant newestUpdate, int rowsRead,
			int analysed, int unanalysable, int rejected) {
		if (newestUpdate != null) {
			progress.resumeFrom.set(newestUpdate);
		}
		progress.read(rowsRead + rejected);
		metrics.batch(rowsRead, analysed, unanalysable, rejected);
		if (progress.report.due(REPORT_EVERY)) {
			runs.find(run.id()).map(IngestionRun::progress).ifPresent(now -> log.info(
					"Ingestion run {} (source {}): {} of {}{} rows, {} rows/s, {} to go, done at about {}", run.id(),
					run.source(), now.rowsDone(), now.estimated() ? "about " : "", now.rowsExpected(),
					Math.round(now.rowsPerSecond()), now.rowsToGo(), now.eta()));
		}
	}

	/**
	 * Counts the window (one {@code count(*)} on the source) for the run's progress and the backlog gauge; where
	 * the source cannot count it, estimates it from the source's previous runs. Neither stops the run.
	 */
	private void expect(HistorySource source, IngestionRun run, Instant from, Instant to, RunProgress progress) {
		if (!from.isBefore(to)) {
			progress.counted(0);
			runs.expect(run.id(), 0, false);
			return;
		}
		long sent = System.nanoTime();
		try {
			long rows = reader.count(source, from, to);
			metrics.countLatency(Duration.ofNanos(System.nanoTime() - sent));
			progress.counted(rows);
			runs.expect(run.id(), rows, false);
		}
		catch (RuntimeException ex) {
			log.warn("Could not count the rows of the window of source {}; its progress is estimated from earlier runs: "
					+ "{}", source.name(), Secrets.mask(ex.getMessage()));
			try {
				runs.estimateRows(source.name(), from, to).ifPresent(rows -> {
					progress.counted(rows);
					runs.expect(run.id(), rows, true);
				});
			}
			catch (RuntimeException storeAway) {
				log.warn("Could not estimate the rows of the window of source {}: {}", source.name(),
						Secrets.mask(storeAway.getMessage()));
			}
		}
	}

	private static int masked(List<HistoryRow> rows) {
		int masked = 0;
		for (HistoryRow row : rows) {
			if (MaskedTexts.isMasked(row.statementText())) {
				masked++;
			}
		}
		return masked;
	}

	@Override
	public void destroy() {
		writer.shutdownNow();
		catchUps.shutdownNow();
		counter.shutdownNow();
	}

}
