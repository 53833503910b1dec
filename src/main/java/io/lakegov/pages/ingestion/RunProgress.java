package io.lakegov.pages.ingestion;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.RunKind;

/**
 * How far a running run has got. Where the run knows its window's rows (the source counted them, or they were
 * estimated from earlier runs), from its rows done, to go and their rate. Otherwise from what its record and its
 * source's watermark say: the rows read so far and
 * their rate, and how much of the run's window of {@code update_time} the committed batches cover (the
 * watermark moves with each batch; a backfill re-reads an older window and leaves the watermark alone, so its share
 * is unknown), from which the time left is estimated as if the rest of the window came at the same pace. Unknown
 * parts are null, and the page leaves them out.
 *
 * @param runId the run
 * @param rowsDone rows read so far
 * @param batches batches written so far
 * @param elapsed how long it has been running
 * @param rowsPerSecond rows read per second so far, rounded; null before the first second or the first row
 * @param windowShare the share of the window covered so far, 0 to 1; null when the window is unknown
 * @param timeLeft the estimated time until the window is covered; null when nothing is covered yet
 */
record RunProgress(long runId, long rowsDone, int batches, Duration elapsed, Long rowsPerSecond, Double windowShare,
		Duration timeLeft) {

	/** The kinds of run that read forward from the watermark. */
	private static final Set<String> INCREMENTAL = Set.of(RunKind.SCHEDULED.name(), RunKind.STARTUP.name(),
			RunKind.MANUAL.name());

	static RunProgress of(IngestionRun run, Instant watermark) {
		Duration elapsed = Duration.ofMillis(Math.max(0, run.durationMs()));
		IngestionRun.Progress counted = run.progress();
		if (counted != null && counted.rowsExpected() > 0) {
			// the window's rows are known (counted, or estimated from earlier runs): rows are the measure
			Long rate = counted.rowsPerSecond() > 0 ? Math.round(counted.rowsPerSecond()) : null;
			double share = Math.min(1, (double) counted.rowsDone() / counted.rowsExpected());
			Duration left = counted.eta() == null ? null
					: Duration.ofMillis(Math.round(counted.rowsToGo() * 1000.0 / Math.max(counted.rowsPerSecond(), 1e-9)));
			return new RunProgress(run.id(), counted.rowsDone(), run.batches(), elapsed, rate, share, left);
		}
		Long rate = elapsed.toMillis() >= 1000 && run.rowsRead() > 0
				? Math.round(run.rowsRead() * 1000.0 / elapsed.toMillis()) : null;
		Double share = share(run, watermark);
		Duration left = share == null || share <= 0 || share >= 1 ? null
				: Duration.ofMillis(Math.round(elapsed.toMillis() * (1 - share) / share));
		return new RunProgress(run.id(), run.rowsRead(), run.batches(), elapsed, rate, share, left);
	}

	/** The share of the window covered, in whole percent; null when unknown. */
	public Integer windowPercent() {
		return windowShare == null ? null : (int) Math.round(windowShare * 100);
	}

	private static Double share(IngestionRun run, Instant watermark) {
		if (!INCREMENTAL.contains(run.kind()) || run.windowStart() == null || run.windowEnd() == null || watermark == null
				|| !run.windowEnd().isAfter(run.windowStart())) {
			return null;
		}
		double span = Duration.between(run.windowStart(), run.windowEnd()).toMillis();
		double covered = Duration.between(run.windowStart(), watermark).toMillis();
		return Math.max(0, Math.min(1, covered / span));
	}

}
