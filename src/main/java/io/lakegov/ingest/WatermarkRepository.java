package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** How far the source has been ingested: the newest {@code update_time} committed. Only moves forward. */
@Repository
class WatermarkRepository {

	static final String SOURCE = "query_history";

	private final JdbcClient jdbc;

	WatermarkRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Instant> current() {
		return jdbc.sql("SELECT watermark FROM ingestion_watermark WHERE source = :source")
			.param("source", SOURCE)
			.query((rs, n) -> rs.getTimestamp(1).toInstant())
			.optional();
	}

	void advance(Instant to, long runId) {
		jdbc.sql("""
				INSERT INTO ingestion_watermark (source, watermark, updated_at, last_run_id)
				VALUES (:source, :to, now(), :run)
				ON CONFLICT (source) DO UPDATE
				SET watermark = GREATEST(ingestion_watermark.watermark, EXCLUDED.watermark), updated_at = now(),
				    last_run_id = EXCLUDED.last_run_id""")
			.param("source", SOURCE)
			.param("to", Timestamp.from(to))
			.param("run", runId)
			.update();
	}

}
