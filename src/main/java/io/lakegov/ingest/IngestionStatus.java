package io.lakegov.ingest;

import java.time.Instant;

/**
 * Where ingestion of one source stands.
 *
 * @param sourceName the source's name ({@code default} for the single source)
 * @param watermark the newest update_time ingested
 * @param lagSeconds seconds between the watermark and now
 * @param running the run in progress, if any
 * @param lastSuccess the newest successful run
 * @param lastFailure the newest failed run
 * @param source where query history is read from (no credentials)
 * @param analyzerVersion the version new analyses are made with
 * @param maskedShare of the rows the newest successful run that read rows read, the share whose statement
 * text was masked or empty (null before any run read rows)
 * @param advice what to do, in plain words, when that share passes
 * {@code lakegov.ingest.health.masked-warning-share}; null otherwise
 * @param lineage the engine's table lineage, the second witness
 * @param health as the health check {@code ingest} says of the source: UP, DOWN (too many failed runs in a row,
 * or the history lags more than {@code lakegov.ingest.health.max-lag}) or UNKNOWN (no run finished yet)
 * @param healthReason why it is not UP, null when it is
 */
public record IngestionStatus(String sourceName, Instant watermark, Long lagSeconds, IngestionRun running,
		IngestionRun lastSuccess, IngestionRun lastFailure, String source, String analyzerVersion, Double maskedShare,
		String advice, LineageStatus lineage, String health, String healthReason) {

	/**
	 * Where the lineage stands, and what it covers.
	 *
	 * @param table the lineage table read
	 * @param lastStatus what the newest run that got to the lineage did: READ, UNAVAILABLE or FAILED
	 * @param lastError why it could not read it (missing table or grant), null when it could
	 * @param watermark the newest {@code event_time} ingested
	 * @param maskedStatements stored statements whose text was masked or empty
	 * @param maskedWithLineage of those, the ones whose usage the lineage gives
	 * @param maskedWithoutLineage the remaining gap: masked statements no witness covers, whose usage is
	 * unknown
	 * @param lineageOnlyStatements statements only the lineage knows (classic-cluster notebooks and jobs)
	 * @param disagreements statements whose text and lineage name different tables
	 * ({@code GET /api/v1/lineage/disagreements})
	 * @param unnamedRows lineage rows naming no table and no path (nothing to count)
	 */
	public record LineageStatus(String table, String lastStatus, String lastError, Instant watermark,
			long maskedStatements, long maskedWithLineage, long maskedWithoutLineage, long lineageOnlyStatements,
			long disagreements, long unnamedRows) {
	}

}
