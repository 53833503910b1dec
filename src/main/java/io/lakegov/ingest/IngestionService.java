package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

/**
 * Runs ingestion: claims the single run slot, computes the window, has {@link WindowIngestion} stream it
 * in batches (one transaction each, the watermark moving with every batch), and records the outcome.
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

	private final ExecutorService background = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-ingest");
		thread.setDaemon(true);
		return thread;
	});

	IngestionService(IngestionRunRepository runs, WatermarkRepository watermark, WindowIngestion windows,
			LineageIngestion lineage, Reanalysis reanalysis, IngestProperties properties, IngestionMetrics metrics, StoreMetrics storeMetrics,
			Clock clock) {
		this.runs = runs;
		this.watermark = watermark;
		this.windows = windows;
		this.lineage = lineage;
		this.reanalysis = reanalysis;
		this.properties = properties;
		this.metrics = metrics;
		this.storeMetrics = storeMetrics;
		this.clock = clock;
	}

	/** Claims the run slot for an incremental run and carries it out on the calling thread. */
	public IngestionRun runIncremental(RunKind kind) {
		IngestionRun run = claim(kind, null, null);
		return execute(run, null, null);
	}

	/** Claims the run slot and carries the run out in the background; the claimed run is returned at once. */
	IngestionRun startIncremental(RunKind kind) {
		IngestionRun run = claim(kind, null, null);
		background.submit(() -> execute(run, null, null));
		return run;
	}

	/** Re-reads a past window in the background; the watermark does not move. */
	IngestionRun startBackfill(Instant from, Instant to) {
		IngestionRun run = claim(RunKind.BACKFILL, from, to);
		background.submit(() -> execute(run, from, to));
		return run;
	}

	/** Re-reads a past window on the calling thread. */
	IngestionRun backfill(Instant from, Instant to) {
		IngestionRun run = claim(RunKind.BACKFILL, from, to);
		return execute(run, from, to);
	}

	/** Re-derives the facts of statements analysed by an older analyser, in the background. */
	IngestionRun startReanalysis() {
		IngestionRun run = claim(RunKind.REANALYSIS, null, null);
		background.submit(() -> executeReanalysis(run));
		return run;
	}

	IngestionRun reanalyse() {
		return executeReanalysis(claim(RunKind.REANALYSIS, null, null));
	}

	Optional<Instant> watermark() {
		return watermark.current();
	}

	private IngestionRun claim(RunKind kind, Instant from, Instant to) {
		int abandoned = runs.failAbandoned(properties.staleRunTimeout());
		if (abandoned > 0) {
			log.warn("Marked {} ingestion run(s) without heartbeat as failed", abandoned);
		}
		return runs.start(kind.name(), from, to);
	}

	private IngestionRun execute(IngestionRun run, Instant backfillFrom, Instant backfillTo) {
		boolean backfill = backfillFrom != null;
		Instant now = clock.instant();
		Instant from = backfill ? backfillFrom
				: watermark.current().map(mark -> mark.minus(properties.overlap()))
					.orElse(now.minus(properties.initialLookback()));
		Instant to = backfill ? backfillTo : now.minus(properties.settle());
		runs.setWindow(run.id(), from, to);
		try {
			long rowsRead = windows.ingest(run, from, to, backfill);
			// after the history window, so that most lineage finds its statements already stored
			lineage.ingest(run, backfill ? from : null, to);
			boolean alert = zeroRowsAlert(rowsRead, backfill);
			runs.finish(run.id(), RunStatus.SUCCEEDED, null, alert);
			IngestionRun done = runs.find(run.id()).orElseThrow();
			metrics.runFinished(done, alert);
			storeMetrics.invalidate();
			log.info("Ingestion run {} succeeded ({}): window {} to {}, {} rows read, {} changed, {} texts analysed, "
					+ "{} unanalysable, {} masked, {} batches, {} rows/s, in {}; lineage {}: {} rows read, {} new",
					done.id(), done.kind(), done.windowStart(), done.windowEnd(), done.rowsRead(), done.rowsChanged(),
					done.statementsAnalysed(), done.unanalysable(), done.rowsMasked(), done.batches(), rowsPerSecond(done),
					Duration.ofMillis(done.durationMs()), done.lineage().status(), done.lineage().rowsRead(),
					done.lineage().rowsNew());
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

	private IngestionRun executeReanalysis(IngestionRun run) {
		try {
			Reanalysis.Outcome outcome = reanalysis.run(properties.batchSize(),
					(refreshed, analysed, unanalysable) -> runs.progress(run.id(), 0, refreshed, analysed, unanalysable, 0));
			runs.finish(run.id(), RunStatus.SUCCEEDED, null, false);
			log.info("Re-analysis run {} re-derived the facts of {} statements; {} statements could not be analysed "
					+ "anew because their raw text is gone, and keep the facts of their last analysis", run.id(),
					outcome.refreshed(), outcome.notReanalysable());
			return runs.find(run.id()).orElseThrow();
		}
		catch (RuntimeException ex) {
			return fail(run, ex);
		}
	}

	private IngestionRun fail(IngestionRun run, Exception ex) {
		runs.finish(run.id(), RunStatus.FAILED, describe(ex), false);
		IngestionRun done = runs.find(run.id()).orElseThrow();
		metrics.runFinished(done, false);
		storeMetrics.invalidate();
		log.error("Ingestion run {} failed ({}): window {} to {}, {} rows read, {} changed, {} batches committed, in {}: {}",
				done.id(), done.kind(), done.windowStart(), done.windowEnd(), done.rowsRead(), done.rowsChanged(),
				done.batches(), Duration.ofMillis(done.durationMs()), ex.getClass().getSimpleName(), Secrets.masked(ex));
		return done;
	}

	private static long rowsPerSecond(IngestionRun run) {
		return run.rowsRead() * 1000 / Math.max(run.durationMs(), 1);
	}

	private boolean zeroRowsAlert(long rowsRead, boolean backfill) {
		if (rowsRead > 0 || backfill) {
			return false;
		}
		Optional<Instant> since = runs.lastRowsReadAt();
		boolean alert = since.isPresent()
				&& Duration.between(since.get(), clock.instant()).compareTo(properties.zeroRowsAlertAfter()) > 0;
		if (alert) {
			log.warn("No query history rows read since {}: check that the source principal can read {}", since.get(),
					"the query history table");
		}
		return alert;
	}

	/** The failure in words for the run record: the exception chain's messages, never a stack trace. */
	static String describe(Throwable failure) {
		StringBuilder text = new StringBuilder();
		for (Throwable cause = failure; cause != null && text.length() < 2000; cause = cause.getCause()) {
			if (!text.isEmpty()) {
				text.append(": ");
			}
			text.append(cause.getClass().getSimpleName());
			if (cause.getMessage() != null) {
				text.append(' ').append(cause.getMessage());
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		String masked = Secrets.mask(text.toString());
		return masked.length() > 2000 ? masked.substring(0, 2000) : masked;
	}

	List<IngestionRun> page(int page, int size) {
		return runs.page(page, size);
	}

	@Override
	public void destroy() {
		background.shutdownNow();
	}

}
