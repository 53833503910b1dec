package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * How far the source has been ingested: per kind of row, the newest {@code update_time} (history) or
 * {@code event_time} (lineage) committed. Only moves forward.
 */
@Repository
class WatermarkRepository {

	static final String SOURCE = "query_history";

	/** The key of the engine lineage's watermark, which moves on its own. */
	static final String LINEAGE = "table_lineage";

	private final JdbcClient jdbc;

	WatermarkRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Instant> current() {
		return current(SOURCE);
	}

	void advance(Instant to, long runId) {
		advance(SOURCE, to, runId);
	}

	Optional<Instant> current(String key) {
		return jdbc.sql("SELECT watermark FROM ingestion_watermark WHERE source = :source")
			.param("source", key)
			.query((rs, n) -> rs.getTimestamp(1).toInstant())
			.optional();
	}

	void advance(String key, Instant to, long runId) {
		jdbc.sql("""
				INSERT INTO ingestion_watermark (source, watermark, updated_at, last_run_id)
				VALUES (:source, :to, now(), :run)
				ON CONFLICT (source) DO UPDATE
				SET watermark = GREATEST(ingestion_watermark.watermark, EXCLUDED.watermark), updated_at = now(),
				    last_run_id = EXCLUDED.last_run_id""")
			.param("source", key)
			.param("to", Timestamp.from(to))
			.param("run", runId)
			.update();
	}

}
