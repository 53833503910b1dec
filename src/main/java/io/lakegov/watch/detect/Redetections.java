package io.lakegov.watch.detect;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * What waits to have its watch events raised again ({@code watch_redetection}): the statements of an ingestion
 * batch, by source, or the tables a catalog sync found dropped, recorded in the batch's or sync's own
 * transaction after its detection failed. A row is claimed with {@code FOR UPDATE SKIP LOCKED}, so one replica
 * at a time raises its events, and a replica that dies while it does leaves the row to the next.
 */
@Repository
class Redetections {

	/** The longest error kept with a row. */
	private static final int MAX_ERROR = 2_000;

	/** What the row holds: a batch's statements ({@code source} set) or dropped tables. */
	enum Kind {
		FACTS, DROPPED
	}

	/**
	 * What waits.
	 *
	 * @param names the statements of {@code source}, or the dropped tables
	 * @param happenedAt when the batch was written, or when the sync found the tables gone
	 */
	record Pending(long id, Kind kind, @Nullable String source, List<String> names, Instant happenedAt,
			int attempts) {
	}

	private final JdbcClient jdbc;

	Redetections(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records the statements of a batch whose detection failed, in the caller's transaction. */
	void recordFacts(String source, Collection<String> statements, String error) {
		record(Kind.FACTS, source, statements, Instant.now(), error);
	}

	/** Records the tables of a sync whose detection failed, in the caller's transaction. */
	void recordDropped(Collection<String> tables, Instant at, String error) {
		record(Kind.DROPPED, null, tables, at, error);
	}

	private void record(Kind kind, @Nullable String source, Collection<String> names, Instant at, String error) {
		jdbc.sql("""
				INSERT INTO watch_redetection (kind, source, names, happened_at, last_error)
				VALUES (:kind, :source, :names, :at, :error)""")
			.param("kind", kind.name())
			.param("source", source)
			.param("names", new SqlArrayValue("text", names.toArray()))
			.param("at", Timestamp.from(at))
			.param("error", clip(error))
			.update();
	}

	/**
	 * Claims the oldest due row no other transaction holds, until the caller's transaction ends, leaving out
	 * the given ones (those a pass already tried).
	 */
	Optional<Pending> claimDue(Collection<Long> tried) {
		return jdbc.sql("""
				SELECT id, kind, source, names, happened_at, attempts FROM watch_redetection
				WHERE next_attempt_at <= now() AND id <> ALL(:tried)
				ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED""")
			.param("tried", new SqlArrayValue("bigint", tried.toArray()))
			.query((rs, n) -> new Pending(rs.getLong("id"), Kind.valueOf(rs.getString("kind")), rs.getString("source"),
					List.of((String[]) rs.getArray("names").getArray()), rs.getTimestamp("happened_at").toInstant(),
					rs.getInt("attempts")))
			.optional();
	}

	/** The row's events are raised: it goes. */
	void done(long id) {
		jdbc.sql("DELETE FROM watch_redetection WHERE id = :id").param("id", id).update();
	}

	/** The row failed again: it is tried after the delay, with the error kept. */
	void later(long id, Duration delay, String error) {
		jdbc.sql("""
				UPDATE watch_redetection SET attempts = attempts + 1, next_attempt_at = now() + :delay * interval '1 millisecond',
				    last_error = :error WHERE id = :id""")
			.param("delay", delay.toMillis())
			.param("error", clip(error))
			.param("id", id)
			.update();
	}

	/** How many rows wait. */
	long count() {
		return jdbc.sql("SELECT count(*) FROM watch_redetection").query(Long.class).single();
	}

	private static String clip(String error) {
		String text = String.valueOf(error);
		return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR);
	}

}
