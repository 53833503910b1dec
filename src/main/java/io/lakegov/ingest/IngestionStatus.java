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
 */
record IngestionStatus(String sourceName, Instant watermark, Long lagSeconds, IngestionRun running,
		IngestionRun lastSuccess, IngestionRun lastFailure, String source, String analyzerVersion, Double maskedShare, String advice) {
}
