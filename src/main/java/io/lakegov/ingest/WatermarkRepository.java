package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * How far each source has been ingested, per stream (what is read): the newest {@code update_time} of its
 * query history ({@value #STREAM}) or {@code event_time} of its engine lineage ({@value #LINEAGE})
 * committed. Only moves forward.
 */
@Repository
class WatermarkRepository {

	static final String STREAM = "query_history";

	/** The stream of the engine lineage, whose watermark moves on its own. */
	static final String LINEAGE = "table_lineage";

	private final JdbcClient jdbc;

	WatermarkRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The source's query history watermark. */
	Optional<Instant> current(String source) {
		return current(source, STREAM);
	}

	Optional<Instant> current(String source, String stream) {
		return jdbc.sql("SELECT watermark FROM ingestion_watermark WHERE source = :source AND stream = :stream")
			.param("source", source)
			.param("stream", stream)
			.query((rs, n) -> rs.getTimestamp(1).toInstant())
			.optional();
	}

	/** Moves the source's query history watermark. */
	void advance(String source, Instant to, long runId) {
		advance(source, STREAM, to, runId);
	}

	void advance(String source, String stream, Instant to, long runId) {
		jdbc.sql("""
				INSERT INTO ingestion_watermark (source, stream, watermark, updated_at, last_run_id)
				VALUES (:source, :stream, :to, now(), :run)
				ON CONFLICT (source, stream) DO UPDATE
				SET watermark = GREATEST(ingestion_watermark.watermark, EXCLUDED.watermark), updated_at = now(),
				    last_run_id = EXCLUDED.last_run_id""")
			.param("source", source)
			.param("stream", stream)
			.param("to", Timestamp.from(to))
			.param("run", runId)
			.update();
	}

}
