package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * How far each source has been ingested: the newest {@code update_time} of its query history committed.
 * Only moves forward. Kept per source and stream (what is read: {@value #STREAM}).
 */
@Repository
class WatermarkRepository {

	static final String STREAM = "query_history";

	private final JdbcClient jdbc;

	WatermarkRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Instant> current(String source) {
		return jdbc.sql("SELECT watermark FROM ingestion_watermark WHERE source = :source AND stream = :stream")
			.param("source", source)
			.param("stream", STREAM)
			.query((rs, n) -> rs.getTimestamp(1).toInstant())
			.optional();
	}

	void advance(String source, Instant to, long runId) {
		jdbc.sql("""
				INSERT INTO ingestion_watermark (source, stream, watermark, updated_at, last_run_id)
				VALUES (:source, :stream, :to, now(), :run)
				ON CONFLICT (source, stream) DO UPDATE
				SET watermark = GREATEST(ingestion_watermark.watermark, EXCLUDED.watermark), updated_at = now(),
				    last_run_id = EXCLUDED.last_run_id""")
			.param("source", source)
			.param("stream", STREAM)
			.param("to", Timestamp.from(to))
			.param("run", runId)
			.update();
	}

}
