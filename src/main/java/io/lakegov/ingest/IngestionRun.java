package io.lakegov.ingest;

import java.time.Instant;

/**
 * One ingestion run: a window of one source's {@code update_time} read, analysed and stored.
 *
 * @param source the source of query history the run read (its name in {@code lakegov.sources}, {@code default}
 * for the single source)
 * @param kind SCHEDULED, STARTUP, MANUAL, BACKFILL or REANALYSIS
 * @param status RUNNING, SUCCEEDED or FAILED
 * @param rowsChanged rows that were new or newer than the stored version
 * @param statementsAnalysed statement texts parsed anew (each distinct text once per analyser version)
 * @param unanalysable statements whose facts could not be derived (unanalysable, empty or redacted text)
 * @param rowsMasked rows read whose statement text the source masked ({@code <REDACTED>}) or left empty
 * @param rowsClosed rows read that were new or newer but belong to a business day closed by detail retention
 * ({@code lakegov.store.detail-retention}): counted, not stored, since that day's rollups no longer change
 * @param durationMs how long the run took (so far, while it runs)
 * @param zeroRowsAlert set when the run read nothing and nothing has been read for longer than the
 * configured time: usually missing permissions on the source, not a quiet warehouse
 * @param lineage what the run read of the engine's table lineage
 * @param progress how far the run is through its window, once the window's rows are known (null before, and
 * for re-analysis)
 */
public record IngestionRun(long id, String source, String kind, String status, Instant windowStart, Instant windowEnd,
		Instant startedAt, Instant finishedAt, long rowsRead, long rowsChanged, long statementsAnalysed,
		long unanalysable, long rowsMasked, long rowsClosed, int batches, String error, boolean zeroRowsAlert, long durationMs,
		Lineage lineage, Progress progress) {

	/**
	 * How far a run is through its window, updated as each batch commits.
	 *
	 * @param rowsExpected the rows of the window: the source's count of it, or an estimate
	 * @param estimated true when the source could not count the window and {@code rowsExpected} is estimated
	 * from the source's previous runs (rows per second of window)
	 * @param rowsDone rows read and committed so far
	 * @param rowsToGo rows of the window still to read (0 once the run read them all, or more than expected)
	 * @param rowsPerSecond rows committed per second of the run so far
	 * @param eta when the run should have read its window at that rate (null when finished or before a rate)
	 */
	public record Progress(long rowsExpected, boolean estimated, long rowsDone, long rowsToGo, double rowsPerSecond,
			Instant eta) {

		static Progress of(long rowsExpected, boolean estimated, long rowsDone, long durationMs, boolean running,
				Instant now) {
			long toGo = Math.max(0, rowsExpected - rowsDone);
			double rate = durationMs <= 0 ? 0 : rowsDone * 1000.0 / durationMs;
			Instant eta = !running || rate <= 0 ? null : now.plusMillis((long) Math.ceil(toGo * 1000.0 / rate));
			return new Progress(rowsExpected, estimated, rowsDone, toGo, Math.round(rate * 10) / 10.0, eta);
		}

	}

	/**
	 * The lineage part of a run.
	 *
	 * @param status READ, UNAVAILABLE (the source has no readable lineage table: history is ingested all the
	 * same), FAILED (reading it failed after some batches; the next run reads again from its watermark) or
	 * null before the part ran (and for backfills before it, re-analysis)
	 * @param rowsRead lineage rows read
	 * @param rowsNew of those, rows the store did not have yet
	 * @param error why the lineage could not be read
	 */
	public record Lineage(String status, long rowsRead, long rowsNew, String error) {
	}

}
