package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.ingest.batch.Reanalysis;
import io.lakegov.usage.RollupUpkeep;
import io.lakegov.web.Secrets;
import io.lakegov.web.FailureText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/**
 * Runs ingestion of one source at a time: claims the source's run slot, waits for its turn in this process,
 * computes the window, has {@link WindowIngestion} stream it in batches (one transaction each, the source's
 * watermark moving with every batch), and records the outcome.
 */
@Service
public class IngestionService implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(IngestionService.class);

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final WindowIngestion windows;

	private final LineageIngestion lineage;

	private final Reanalysis reanalysis;

	private final IngestProperties properties;

	private final IngestionMetrics metrics;

	private final StoreMetrics storeMetrics;

	private final Clock clock;

	private final RunTurns turns;

	private final RunHeartbeats heartbeats;

	private final Sources sources;

	private final RollupUpkeep rollups;

	/** Claimed runs started from the API wait here for their turn (see {@link RunTurns}). */
	private final ExecutorService background = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest");
		thread.setDaemon(true);
		return thread;
	});

	IngestionService(IngestionRunRepository runs, WatermarkRepository watermark, WindowIngestion windows,
			LineageIngestion lineage, Reanalysis reanalysis, IngestProperties properties, IngestionMetrics metrics,
			StoreMetrics storeMetrics, RunTurns turns, RunHeartbeats heartbeats, Sources sources, RollupUpkeep rollups,
			Clock clock) {
		this.rollups = rollups;
		this.sources = sources;
		this.runs = runs;
		this.watermark = watermark;
		this.windows = windows;
		this.lineage = lineage;
		this.reanalysis = reanalysis;
		this.properties = properties;
		this.metrics = metrics;
		this.storeMetrics = storeMetrics;
		this.turns = turns;
		this.heartbeats = heartbeats;
		this.clock = clock;
	}

	/** Claims the source's run slot for an incremental run and carries it out on the calling thread. */
	public IngestionRun runIncremental(HistorySource source, RunKind kind) {
		IngestionRun run = claim(source, kind, null, null);
		return inTurn(run, () -> execute(source, run, null, null));
	}

	/** Claims the run slot and carries the run out in the background; the claimed run is returned at once. */
	public IngestionRun startIncremental(HistorySource source, RunKind kind) {
		IngestionRun run = claim(source, kind, null, null);
		background.submit(() -> inTurn(run, () -> execute(source, run, null, null)));
		return run;
	}

	/** Re-reads a past window of the source in the background; the watermark does not move. */
	public IngestionRun startBackfill(HistorySource source, Instant from, Instant to) {
		IngestionRun run = claim(source, RunKind.BACKFILL, from, to);
		background.submit(() -> inTurn(run, () -> execute(source, run, from, to)));
		return run;
	}

	/** An incremental run of the only source (there must be one source only), on the calling thread. */
	public IngestionRun runIncremental(RunKind kind) {
		return runIncremental(only(), kind);
	}

	IngestionRun backfill(Instant from, Instant to) {
		return backfill(only(), from, to);
	}

	IngestionRun reanalyse() {
		return reanalyse(only());
	}

	Optional<Instant> watermark() {
		return watermark(only());
	}

	private HistorySource only() {
		return sources.only().orElseThrow(() -> new IllegalStateException("several sources: name one"));
	}

	/** Re-reads a past window on the calling thread. */
	IngestionRun backfill(HistorySource source, Instant from, Instant to) {
		IngestionRun run = claim(source, RunKind.BACKFILL, from, to);
		return inTurn(run, () -> execute(source, run, from, to));
	}

	/** Re-derives the facts of the source's statements analysed by an older analyser, in the background. */
	IngestionRun startReanalysis(HistorySource source) {
		IngestionRun run = claim(source, RunKind.REANALYSIS, null, null);
		background.submit(() -> inTurn(run, () -> executeReanalysis(source, run)));
		return run;
	}

	IngestionRun reanalyse(HistorySource source) {
		IngestionRun run = claim(source, RunKind.REANALYSIS, null, null);
		return inTurn(run, () -> executeReanalysis(source, run));
	}

	Optional<Instant> watermark(HistorySource source) {
		return watermark.current(source.name());
	}

	/**
	 * Takes the source's run slot, after marking the runs whose heartbeat stopped as abandoned; from here on
	 * the run is heartbeated until its outcome is recorded.
	 */
	private IngestionRun claim(HistorySource source, RunKind kind, Instant from, Instant to) {
		heartbeats.failAbandoned();
		IngestionRun run = runs.start(source.name(), kind.name(), from, to);
		heartbeats.started(run.id());
		return run;
	}

	/** Runs the work in the run's turn; meanwhile the run, not the schedule, catches up the rollup backlog. */
	private IngestionRun inTurn(IngestionRun run, RunTurns.Work<IngestionRun> work) {
		try {
			return turns.inTurn(() -> {
				rollups.runStarted();
				try {
					return work.run();
				}
				finally {
					rollups.runEnded();
				}
			});
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail(run, ex);
		}
		finally {
			heartbeats.ended(run.id());
		}
	}

	private IngestionRun execute(HistorySource source, IngestionRun run, Instant backfillFrom, Instant backfillTo) {
		boolean backfill = backfillFrom != null;
		Instant now = clock.instant();
		Instant from = backfill ? backfillFrom
				: watermark.current(source.name()).map(mark -> mark.minus(properties.overlap()))
					.orElse(now.minus(properties.initialLookback()));
		Instant to = backfill ? backfillTo : now.minus(properties.settle());
		runs.setWindow(run.id(), from, to);
		try {
			long started = System.nanoTime();
			// before the history window, so that its statements' facts are derived once, with their lineage
			lineage.ingest(source, run, backfill ? from : null, to);
			long lineageRead = System.nanoTime();
			long rowsRead = windows.ingest(source, run, from, to, backfill);
			long windowRead = System.nanoTime();
			lineage.settle(source);
			long settled = System.nanoTime();
			// the run's rollups are complete when it says it succeeded
			rollups.catchUp();
			long caughtUp = System.nanoTime();
			boolean alert = zeroRowsAlert(source, rowsRead, backfill);
			if (!runs.finish(run.id(), RunStatus.SUCCEEDED, null, alert)) {
				return takenOver(run);
			}
			IngestionRun done = runs.find(run.id()).orElseThrow();
			metrics.runFinished(done, alert);
			storeMetrics.invalidate();
			log.info("Ingestion run {} succeeded (source {}, {}): window {} to {}, {} rows read, {} changed, "
					+ "{} texts analysed, {} unanalysable, {} masked, {} batches, {} rows/s, in {}; lineage {}: "
					+ "{} rows read, {} new; steps: lineage {}, window {}, lineage-only statements {}, last rollups {}",
					done.id(), done.source(), done.kind(), done.windowStart(), done.windowEnd(), done.rowsRead(),
					done.rowsChanged(), done.statementsAnalysed(), done.unanalysable(), done.rowsMasked(), done.batches(),
					rowsPerSecond(done), Duration.ofMillis(done.durationMs()), done.lineage().status(),
					done.lineage().rowsRead(), done.lineage().rowsNew(), Duration.ofNanos(lineageRead - started),
					Duration.ofNanos(windowRead - lineageRead), Duration.ofNanos(settled - windowRead),
					Duration.ofNanos(caughtUp - settled));
			if (done.rowsClosed() > 0) {
				log.warn("Ingestion run {} (source {}) read {} new or newer rows of business days closed by "
						+ "lakegov.store.detail-retention: counted as rowsClosed and not stored, since those days' "
						+ "rollups no longer change", done.id(), done.source(), done.rowsClosed());
			}
			return done;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail(run, ex);
		}
		catch (Exception ex) {
			catchUpCommitted(run);
			return fail(run, ex);
		}
	}

	/**
	 * The batches a failed run committed keep their facts: their rollups are caught up now rather than by the
	 * schedule. A store that is away leaves them to the schedule.
	 */
	private void catchUpCommitted(IngestionRun run) {
		try {
			rollups.catchUp();
		}
		catch (RuntimeException ex) {
			log.warn("Ingestion run {} failed and the rollups of its committed batches wait for the next catch-up: {}",
					run.id(), Secrets.mask(FailureText.describe(ex)));
		}
	}

	private IngestionRun executeReanalysis(HistorySource source, IngestionRun run) {
		try {
			Reanalysis.Outcome outcome = reanalysis.run(source, properties.batchSize(),
					(refreshed, analysed, unanalysable) -> runs.progress(run.id(), 1, 0, refreshed, analysed, unanalysable, 0,
							0));
			rollups.catchUp();
			if (!runs.finish(run.id(), RunStatus.SUCCEEDED, null, false)) {
				return takenOver(run);
			}
			log.info("Re-analysis run {} (source {}) re-derived the facts of {} statements; {} statements could not be "
					+ "analysed anew because their raw text is gone, and keep the facts of their last analysis", run.id(),
					source.name(), outcome.refreshed(), outcome.notReanalysable());
			return runs.find(run.id()).orElseThrow();
		}
		catch (RuntimeException ex) {
			catchUpCommitted(run);
			return fail(run, ex);
		}
	}

	/**
	 * Records the failure. When the store itself is away, the failure is recorded by {@link RunHeartbeats} once
	 * it is back, so that the slot is free for the next run without waiting for the stale-run timeout.
	 */
	private IngestionRun fail(IngestionRun run, Exception ex) {
		String reason = FailureText.describe(ex);
		try {
			if (!runs.finish(run.id(), RunStatus.FAILED, reason, false)) {
				return takenOver(run);
			}
		}
		catch (DataAccessException storeAway) {
			heartbeats.failedUnrecorded(run.id(), reason);
			log.error("Ingestion run {} failed (source {}, {}) and the store could not record it; it is recorded when "
					+ "the store is back: {}", run.id(), run.source(), run.kind(), reason);
			return new IngestionRun(run.id(), run.source(), run.kind(), RunStatus.FAILED.name(), run.windowStart(),
					run.windowEnd(), run.startedAt(), null, run.rowsRead(), run.rowsChanged(), run.statementsAnalysed(),
					run.unanalysable(), run.rowsMasked(), run.rowsClosed(), run.batches(), reason, false, run.durationMs(), run.lineage(),
					null);
		}
		IngestionRun done = runs.find(run.id()).orElseThrow();
		metrics.runFinished(done, false);
		storeMetrics.invalidate();
		log.error("Ingestion run {} failed (source {}, {}): window {} to {}, {} rows read, {} changed, {} batches "
				+ "committed, in {}: {}", done.id(), done.source(), done.kind(), done.windowStart(), done.windowEnd(),
				done.rowsRead(), done.rowsChanged(), done.batches(), Duration.ofMillis(done.durationMs()), ex.getClass().getSimpleName(), Secrets.masked(ex));
		return done;
	}

	/** Another replica took the run for abandoned and may be running its window again: this one stops here. */
	private IngestionRun takenOver(IngestionRun run) {
		IngestionRun now = runs.find(run.id()).orElseThrow();
		log.error("Ingestion run {} (source {}) was marked as abandoned by another replica before it finished; its "
				+ "committed batches stand and the next run completes the window: {}", run.id(), run.source(), now.error());
		return now;
	}

	private static long rowsPerSecond(IngestionRun run) {
		return run.rowsRead() * 1000 / Math.max(run.durationMs(), 1);
	}

	private boolean zeroRowsAlert(HistorySource source, long rowsRead, boolean backfill) {
		if (rowsRead > 0 || backfill) {
			return false;
		}
		Optional<Instant> since = runs.lastRowsReadAt(source.name());
		boolean alert = since.isPresent()
				&& Duration.between(since.get(), clock.instant()).compareTo(properties.zeroRowsAlertAfter()) > 0;
		if (alert) {
			log.warn("No query history rows read from source {} since {}: check that the source principal can read {}",
					source.name(), since.get(), source.database().historyTable());
		}
		return alert;
	}

	public List<IngestionRun> page(String source, int page, int size) {
		return runs.page(source, page, size);
	}

	@Override
	public void destroy() {
		background.shutdownNow();
	}

}
