package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Removes raw statement texts past their retention (all of them when raw texts are not kept), in batches
 * of their own transactions. Facts, analyses and redacted texts stay.
 */
@Component
public class RawTextPurge {

	private static final Logger log = LoggerFactory.getLogger(RawTextPurge.class);

	private static final String DUE = "statement_text IS NOT NULL AND coalesce(start_time, update_time) < :cutoff";

	private final JdbcClient jdbc;

	private final RawTextProperties properties;

	private final Clock clock;

	private final Counter purged;

	private final AtomicLong due = new AtomicLong();

	RawTextPurge(JdbcClient jdbc, RawTextProperties properties, Clock clock, MeterRegistry registry) {
		this.jdbc = jdbc;
		this.properties = properties;
		this.clock = clock;
		this.purged = Counter.builder("lakegov.history.raw.texts.purged")
			.description("raw statement texts removed past their retention")
			.register(registry);
		Gauge.builder("lakegov.history.raw.texts.due", due, AtomicLong::get)
			.description("raw statement texts past their retention at the last purge, before it removed them")
			.register(registry);
	}

	/**
	 * What one purge found and did.
	 *
	 * @param cutoff texts of statements that started before this were due
	 * @param due how many texts were due
	 * @param removed how many were removed (0 in a dry run)
	 * @param dryRun whether it only counted
	 */
	public record Outcome(Instant cutoff, long due, long removed, boolean dryRun) {
	}

	public Outcome purge() {
		return purge(properties.purgeDryRun());
	}

	Outcome purge(boolean dryRun) {
		Instant cutoff = properties.keepRawText() ? clock.instant().minus(properties.rawTextRetention())
				: clock.instant();
		long found = jdbc.sql("SELECT count(*) FROM query_history WHERE " + DUE)
			.param("cutoff", Timestamp.from(cutoff))
			.query(Long.class)
			.single();
		due.set(found);
		long removed = 0;
		if (!dryRun) {
			int batch;
			do {
				batch = jdbc.sql("UPDATE query_history SET statement_text = NULL WHERE (source, statement_id) IN ("
						+ "SELECT source, statement_id FROM query_history WHERE " + DUE + " LIMIT :limit FOR UPDATE SKIP LOCKED)")
					.param("cutoff", Timestamp.from(cutoff))
					.param("limit", properties.purgeBatchSize())
					.update();
				removed += batch;
				purged.increment(batch);
			}
			while (batch == properties.purgeBatchSize());
		}
		log.info("Raw statement texts of statements started before {}: {} due, {} removed{}", cutoff, found, removed,
				dryRun ? " (dry run)" : "");
		return new Outcome(cutoff, found, removed, dryRun);
	}

}
