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
 * @param durationMs how long the run took (so far, while it runs)
 * @param zeroRowsAlert set when the run read nothing and nothing has been read for longer than the
 * configured time: usually missing permissions on the source, not a quiet warehouse
 * @param lineage what the run read of the engine's table lineage
 */
public record IngestionRun(long id, String source, String kind, String status, Instant windowStart, Instant windowEnd,
		Instant startedAt, Instant finishedAt, long rowsRead, long rowsChanged, long statementsAnalysed,
		long unanalysable, long rowsMasked, int batches, String error, boolean zeroRowsAlert, long durationMs,
		Lineage lineage) {

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
