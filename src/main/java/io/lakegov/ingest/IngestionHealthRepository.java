package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What the health indicator and the gauges read about past runs; only runs that read the source count. */
@Repository
class IngestionHealthRepository {

	private final JdbcClient jdbc;

	IngestionHealthRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A finished run, as health needs it. */
	record FinishedRun(long id, String kind, String status, Instant finishedAt, String error, long rowsRead,
			long rowsMasked) {
	}

	/**
	 * The newest finished runs that read the source (re-analysis does not), newest first (a source's runs
	 * never overlap).
	 */
	List<FinishedRun> recentFinished(String source, int limit) {
		return jdbc.sql("""
				SELECT id, kind, status, finished_at, error, rows_read, rows_masked FROM ingestion_run
				WHERE source = :source AND status IN ('SUCCEEDED', 'FAILED') AND kind <> 'REANALYSIS'
				ORDER BY started_at DESC, id DESC LIMIT :limit""")
			.param("source", source)
			.param("limit", limit)
			.query((rs, n) -> new FinishedRun(rs.getLong(1), rs.getString(2), rs.getString(3), instant(rs.getTimestamp(4)),
					rs.getString(5), rs.getLong(6), rs.getLong(7)))
			.list();
	}

	/**
	 * Up to when the source has been read completely: the end of the newest successful incremental window,
	 * or the watermark when that is newer (a failed run commits its batches and moves it). A quiet warehouse
	 * thus does not look like a stuck ingestion, as it would by the watermark alone.
	 */
	Optional<Instant> completeUntil(String source) {
		return jdbc.sql("""
				SELECT greatest((SELECT watermark FROM ingestion_watermark WHERE source = :source AND stream = :stream),
				                (SELECT max(window_end) FROM ingestion_run
				                 WHERE source = :source AND status = 'SUCCEEDED' AND kind IN ('SCHEDULED', 'STARTUP', 'MANUAL')))""")
			.param("source", source)
			.param("stream", WatermarkRepository.STREAM)
			.query((rs, n) -> instant(rs.getTimestamp(1)))
			.optional();
	}

	/** When the newest successful run that read a source (any of them) finished. */
	Optional<Instant> lastSuccess() {
		return jdbc.sql("""
				SELECT max(finished_at) FROM ingestion_run WHERE status = 'SUCCEEDED' AND kind <> 'REANALYSIS'""")
			.query((rs, n) -> instant(rs.getTimestamp(1)))
			.optional();
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
