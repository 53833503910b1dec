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
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
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

	private final Sources sources;

	/** Claimed runs started from the API wait here for their turn (see {@link RunTurns}). */
	private final ExecutorService background = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest");
		thread.setDaemon(true);
		return thread;
	});

	IngestionService(IngestionRunRepository runs, WatermarkRepository watermark, WindowIngestion windows,
			LineageIngestion lineage, Reanalysis reanalysis, IngestProperties properties, IngestionMetrics metrics,
			StoreMetrics storeMetrics, RunTurns turns, Sources sources, Clock clock) {
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
		this.clock = clock;
	}

	/** Claims the source's run slot for an incremental run and carries it out on the calling thread. */
	public IngestionRun runIncremental(HistorySource source, RunKind kind) {
		IngestionRun run = claim(source, kind, null, null);
		return inTurn(run, () -> execute(source, run, null, null));
	}

	/** Claims the run slot and carries the run out in the background; the claimed run is returned at once. */
	IngestionRun startIncremental(HistorySource source, RunKind kind) {
		IngestionRun run = claim(source, kind, null, null);
		background.submit(() -> inTurn(run, () -> execute(source, run, null, null)));
		return run;
	}

	/** Re-reads a past window of the source in the background; the watermark does not move. */
	IngestionRun startBackfill(HistorySource source, Instant from, Instant to) {
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

	private IngestionRun claim(HistorySource source, RunKind kind, Instant from, Instant to) {
		int abandoned = runs.failAbandoned(properties.staleRunTimeout());
		if (abandoned > 0) {
			log.warn("Marked {} ingestion run(s) without heartbeat as failed", abandoned);
		}
		return runs.start(source.name(), kind.name(), from, to);
	}

	private IngestionRun inTurn(IngestionRun run, RunTurns.Work<IngestionRun> work) {
		try {
			return turns.inTurn(run, work);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail(run, ex);
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
			long rowsRead = windows.ingest(source, run, from, to, backfill);
			// after the history window, so that most lineage finds its statements already stored
			lineage.ingest(source, run, backfill ? from : null, to);
			boolean alert = zeroRowsAlert(source, rowsRead, backfill);
			runs.finish(run.id(), RunStatus.SUCCEEDED, null, alert);
			IngestionRun done = runs.find(run.id()).orElseThrow();
			metrics.runFinished(done, alert);
			storeMetrics.invalidate();
			log.info("Ingestion run {} succeeded (source {}, {}): window {} to {}, {} rows read, {} changed, "
					+ "{} texts analysed, {} unanalysable, {} masked, {} batches, {} rows/s, in {}; lineage {}: "
					+ "{} rows read, {} new", done.id(), done.source(), done.kind(), done.windowStart(), done.windowEnd(),
					done.rowsRead(), done.rowsChanged(), done.statementsAnalysed(), done.unanalysable(), done.rowsMasked(),
					done.batches(), rowsPerSecond(done), Duration.ofMillis(done.durationMs()), done.lineage().status(),
					done.lineage().rowsRead(), done.lineage().rowsNew());
			return done;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail(run, ex);
		}
		catch (Exception ex) {
			return fail(run, ex);
		}
	}

	private IngestionRun executeReanalysis(HistorySource source, IngestionRun run) {
		try {
			Reanalysis.Outcome outcome = reanalysis.run(source, properties.batchSize(),
					(refreshed, analysed, unanalysable) -> runs.progress(run.id(), 0, refreshed, analysed, unanalysable, 0));
			runs.finish(run.id(), RunStatus.SUCCEEDED, null, false);
			log.info("Re-analysis run {} (source {}) re-derived the facts of {} statements; {} statements could not be "
					+ "analysed anew because their raw text is gone, and keep the facts of their last analysis", run.id(),
					source.name(), outcome.refreshed(), outcome.notReanalysable());
			return runs.find(run.id()).orElseThrow();
		}
		catch (RuntimeException ex) {
			return fail(run, ex);
		}
	}

	private IngestionRun fail(IngestionRun run, Exception ex) {
		runs.finish(run.id(), RunStatus.FAILED, FailureText.describe(ex), false);
		IngestionRun done = runs.find(run.id()).orElseThrow();
		metrics.runFinished(done, false);
		storeMetrics.invalidate();
		log.error("Ingestion run {} failed (source {}, {}): window {} to {}, {} rows read, {} changed, {} batches "
				+ "committed, in {}: {}", done.id(), done.source(), done.kind(), done.windowStart(), done.windowEnd(),
				done.rowsRead(), done.rowsChanged(), done.batches(), Duration.ofMillis(done.durationMs()), ex.getClass().getSimpleName(), Secrets.masked(ex));
		return done;
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

	List<IngestionRun> page(String source, int page, int size) {
		return runs.page(source, page, size);
	}

	@Override
	public void destroy() {
		background.shutdownNow();
	}

}
