package io.lakegov.watch.outbox;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.lakegov.usage.PageRequest;
import io.lakegov.watch.Delivery;
import io.lakegov.watch.WatchSecrets;
import io.lakegov.web.PageResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The outbox of watch events ({@code watch_event}) and their delivery attempts ({@code watch_attempt}). */
@Repository
class OutboxRepository {

	/** The columns of a claimed event, with its watch's target. */
	private static final String CLAIMED = """
			e.id, e.watch_id, w.name, e.type, e.event_key, e.payload::text, e.created_at, e.attempts, w.url, w.format,
			w.secret""";

	private final JdbcClient jdbc;

	private final WatchSecrets secrets;

	OutboxRepository(JdbcClient jdbc, WatchSecrets secrets) {
		this.jdbc = jdbc;
		this.secrets = secrets;
	}

	/** An event a sender holds the lease of, with where it goes. */
	record Claimed(long id, long watchId, String watchName, String type, String key, String payload, Instant createdAt,
			int attempt, String url, String format, String secret) {
	}

	/**
	 * Stores the event unless its watch already has one with its key, or the watch is gone (deleted on another
	 * replica while a batch ran): the id of the new event, empty when none was stored.
	 */
	Optional<Long> insert(RaisedEvent event, String payload) {
		return jdbc.sql("""
				INSERT INTO watch_event (watch_id, event_key, type, payload, created_at, next_attempt_at)
				SELECT w.id, :key, :type, CAST(:payload AS jsonb), now(), now() FROM watch w WHERE w.id = :watch
				ON CONFLICT (watch_id, event_key) DO NOTHING
				RETURNING id""")
			.param("watch", event.watchId())
			.param("key", event.key())
			.param("type", event.type())
			.param("payload", payload)
			.query(Long.class)
			.optional();
	}

	/**
	 * Stores the event already claimed by the caller, for a delivery made at once (a sample); empty when the
	 * watch is gone (deleted in between).
	 */
	Optional<Claimed> insertClaimed(RaisedEvent event, String payload, Duration lease) {
		return jdbc.sql("""
				INSERT INTO watch_event (watch_id, event_key, type, payload, created_at, next_attempt_at, attempts,
				    lease_until)
				SELECT w.id, :key, :type, CAST(:payload AS jsonb), now(), now(), 1,
				    now() + :lease * interval '1 millisecond'
				FROM watch w WHERE w.id = :watch
				RETURNING id""")
			.param("watch", event.watchId())
			.param("key", event.key())
			.param("type", event.type())
			.param("payload", payload)
			.param("lease", lease.toMillis())
			.query(Long.class)
			.optional()
			.flatMap(id -> jdbc.sql("SELECT " + CLAIMED + " FROM watch_event e JOIN watch w ON w.id = e.watch_id WHERE e.id = :id")
				.param("id", id)
				.query(this::claimed)
				.optional());
	}

	/**
	 * Removes the events still to be sent of watches that are gone: a batch that raised them committed after
	 * their watch was deleted (on another replica). How many were removed.
	 */
	int dropOrphans() {
		return jdbc.sql("""
				DELETE FROM watch_event e
				WHERE e.status = 'PENDING' AND NOT EXISTS (SELECT 1 FROM watch w WHERE w.id = e.watch_id)""")
			.update();
	}

	/**
	 * Claims up to {@code limit} events that are due and that no live sender holds, for {@code lease}. Two
	 * senders never claim one event: the rows are locked while claimed, and a row another sender is claiming
	 * is skipped, not waited for.
	 */
	List<Claimed> claim(int limit, Duration lease) {
		return jdbc.sql("""
				WITH due AS (
				    SELECT id FROM watch_event
				    WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
				      AND EXISTS (SELECT 1 FROM watch w WHERE w.id = watch_event.watch_id)
				    ORDER BY next_attempt_at, id
				    LIMIT :limit
				    FOR UPDATE SKIP LOCKED),
				claimed AS (
				    UPDATE watch_event e SET lease_until = now() + :lease * interval '1 millisecond',
				        attempts = e.attempts + 1
				    FROM due WHERE e.id = due.id
				    RETURNING e.*)
				SELECT""" + " " + CLAIMED + """

				FROM claimed e JOIN watch w ON w.id = e.watch_id
				ORDER BY e.next_attempt_at, e.id""")
			.param("limit", limit)
			.param("lease", lease.toMillis())
			.query(this::claimed)
			.list();
	}

	/**
	 * Records an attempt and where its event stands now: DELIVERED, FAILED, or PENDING again after
	 * {@code retryAfter}. The event is changed only while this attempt is its latest (a sender whose lease ran
	 * out does not overwrite the one that took the event over).
	 */
	@Transactional
	void record(Claimed event, Instant attemptedAt, String status, Integer responseCode, String error,
			Duration retryAfter) {
		// held until the attempt is written: an event its watch took along when deleted meanwhile has none
		if (jdbc.sql("SELECT id FROM watch_event WHERE id = :id FOR KEY SHARE").param("id", event.id()).query(Long.class)
			.optional()
			.isEmpty()) {
			return;
		}
		jdbc.sql("""
				UPDATE watch_event SET status = :status, lease_until = NULL,
				    next_attempt_at = now() + :retryAfter * interval '1 millisecond',
				    finished_at = CASE WHEN :status = 'PENDING' THEN NULL ELSE now() END
				WHERE id = :id AND attempts = :attempt AND status = 'PENDING'""")
			.param("status", status)
			.param("retryAfter", retryAfter.toMillis())
			.param("id", event.id())
			.param("attempt", event.attempt())
			.update();
		jdbc.sql("""
				INSERT INTO watch_attempt (event_id, attempt, attempted_at, outcome, response_code, error)
				VALUES (:id, :attempt, :at, :outcome, :code, :error)
				ON CONFLICT (event_id, attempt) DO NOTHING""")
			.param("id", event.id())
			.param("attempt", event.attempt())
			.param("at", Timestamp.from(attemptedAt))
			.param("outcome", "PENDING".equals(status) ? "RETRY" : status)
			.param("code", responseCode)
			.param("error", error)
			.update();
	}

	/**
	 * Holds back the other events of a watch whose receiver just failed {@code failed}: each waits at least
	 * until the failed event's next attempt. The event this sender claimed and skips ({@code mine}, while its
	 * claim is still the latest) is released unattempted; the others are held unless another sender holds
	 * them. An event whose next attempt would come after {@code retryFor} from its raising is given up unsent:
	 * FAILED, with an attempt that says why. How many were given up.
	 */
	@Transactional
	int holdBack(Claimed failed, @Nullable Claimed mine, Duration retryFor) {
		jdbc.sql("""
				UPDATE watch_event e SET lease_until = NULL,
				    attempts = CASE WHEN e.id = CAST(:mine AS bigint) AND e.attempts = CAST(:mineAttempt AS integer)
				        THEN e.attempts - 1 ELSE e.attempts END,
				    next_attempt_at = greatest(e.next_attempt_at,
				        (SELECT f.next_attempt_at FROM watch_event f WHERE f.id = :failed))
				WHERE e.watch_id = :watch AND e.status = 'PENDING' AND e.id <> :failed
				  AND (e.lease_until IS NULL OR e.lease_until <= now()
				       OR (e.id = CAST(:mine AS bigint) AND e.attempts = CAST(:mineAttempt AS integer)))""")
			.param("failed", failed.id())
			.param("watch", failed.watchId())
			.param("mine", mine == null ? null : mine.id())
			.param("mineAttempt", mine == null ? null : mine.attempt())
			.update();
		return jdbc.sql("""
				WITH late AS (
				    UPDATE watch_event SET status = 'FAILED', attempts = attempts + 1, finished_at = now()
				    WHERE watch_id = :watch AND status = 'PENDING' AND id <> :failed AND lease_until IS NULL
				      AND next_attempt_at > created_at + :retryFor * interval '1 millisecond'
				    RETURNING id, attempts)
				INSERT INTO watch_attempt (event_id, attempt, attempted_at, outcome, error)
				SELECT id, attempts, now(), 'FAILED', :error FROM late
				ON CONFLICT (event_id, attempt) DO NOTHING""")
			.param("watch", failed.watchId())
			.param("failed", failed.id())
			.param("retryFor", retryFor.toMillis())
			.param("error", "Not sent: the receiver kept failing this watch's events (the last was event "
					+ failed.id() + ") until this one was too old to try (lakegov.watch.retry-for)")
			.update();
	}

	/** The watch's attempts, newest first. */
	PageResponse<Delivery> deliveries(long watchId, PageRequest page) {
		List<Delivery> rows = jdbc.sql("""
				SELECT e.id, e.type, e.event_key, e.status, a.attempt, a.attempted_at, a.outcome, a.response_code, a.error
				FROM watch_event e JOIN watch_attempt a ON a.event_id = e.id
				WHERE e.watch_id = :watch
				ORDER BY a.attempted_at DESC, e.id DESC, a.attempt DESC
				LIMIT :limit OFFSET :offset""")
			.param("watch", watchId)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Delivery(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
					rs.getInt(5), rs.getTimestamp(6).toInstant(), rs.getString(7), (Integer) rs.getObject(8),
					rs.getString(9)))
			.list();
		long total = jdbc.sql("""
				SELECT count(*) FROM watch_event e JOIN watch_attempt a ON a.event_id = e.id WHERE e.watch_id = :watch""")
			.param("watch", watchId)
			.query(Long.class)
			.single();
		return PageResponse.of(rows, page.page(), page.size(), total);
	}

	/** Seconds the oldest event still to be delivered has waited; 0 when none waits. */
	long oldestPendingSeconds() {
		return jdbc.sql("""
				SELECT coalesce(extract(epoch FROM now() - min(e.created_at))::bigint, 0)
				FROM watch_event e JOIN watch w ON w.id = e.watch_id WHERE e.status = 'PENDING'""")
			.query(Long.class)
			.single();
	}

	private Claimed claimed(ResultSet rs, int n) throws SQLException {
		return new Claimed(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
				rs.getString(6), rs.getTimestamp(7).toInstant(), rs.getInt(8), secrets.open(rs.getString(9)),
				rs.getString(10), secrets.open(rs.getString(11)));
	}

}
