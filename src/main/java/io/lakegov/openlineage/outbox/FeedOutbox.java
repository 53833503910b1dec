package io.lakegov.openlineage.outbox;

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
import org.springframework.transaction.annotation.Transactional;

/**
 * The OpenLineage outbox ({@code openlineage_event}, one row per statement) and each source's sender lease and
 * cursor ({@code openlineage_cursor}).
 */
@Repository
class FeedOutbox {

	/** A statement whose event is due, with the digest of what it says and when it started. */
	record Due(String statementId, String digest, Instant eventTime) {
	}

	/** A pending row as a sender took it: its place in the source's order tells a newer version apart. */
	record Pending(String statementId, long seq) {
	}

	private final JdbcClient jdbc;

	FeedOutbox(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Records the statements' events in one statement, in the given order: new statements, and those whose
	 * digest changed, become PENDING at the end of the source's order; those whose digest is unchanged are left
	 * as they are. How many rows were written.
	 */
	int enqueue(String source, List<Due> due) {
		return jdbc.sql("""
				INSERT INTO openlineage_event (source, statement_id, digest, seq, status, event_time, enqueued_at)
				SELECT :source, e.statement_id, e.digest, nextval('openlineage_event_seq'), 'PENDING', e.event_time, now()
				FROM unnest(:ids, :digests, CAST(:times AS timestamptz[])) AS e(statement_id, digest, event_time)
				ON CONFLICT (source, statement_id) DO UPDATE
				SET digest = excluded.digest, seq = excluded.seq, status = 'PENDING', event_time = excluded.event_time,
				    enqueued_at = excluded.enqueued_at, sent_at = NULL
				WHERE openlineage_event.digest <> excluded.digest""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", due.stream().map(Due::statementId).toArray()))
			.param("digests", new SqlArrayValue("text", due.stream().map(Due::digest).toArray()))
			.param("times", new SqlArrayValue("text", due.stream().map(row -> row.eventTime().toString()).toArray()))
			.update();
	}

	/**
	 * Makes the events of statements that had one and now read and write no table PENDING again, at the end of
	 * their source's order: sent with no datasets, they tell the consumer that the statement's tables are gone.
	 * How many.
	 */
	int retract(String source, Collection<String> statementIds) {
		return jdbc.sql("""
				UPDATE openlineage_event
				SET digest = :noTables, seq = nextval('openlineage_event_seq'), status = 'PENDING', enqueued_at = now(),
				    sent_at = NULL
				WHERE source = :source AND statement_id = ANY(:ids) AND digest <> :noTables""")
			.param("noTables", EventDigest.NO_TABLES)
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.update();
	}

	/**
	 * Makes the events the statements have PENDING again, at the end of their source's order, whatever their
	 * status, when what they tell changed without their digest (their columns): one being sent right now is then
	 * sent once more, as its sender finishes only the version it took. Events without tables tell no columns and
	 * are left alone. How many.
	 */
	int resend(String source, Collection<String> statementIds) {
		return jdbc.sql("""
				UPDATE openlineage_event
				SET seq = nextval('openlineage_event_seq'), status = 'PENDING', enqueued_at = now(), sent_at = NULL
				WHERE source = :source AND statement_id = ANY(:ids) AND digest <> :noTables""")
			.param("noTables", EventDigest.NO_TABLES)
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.update();
	}

	/**
	 * Makes the events of every finished statement of the sources that started in {@code [from, to)} and read or
	 * wrote a table PENDING again, at the end of their source's order, oldest first; with the digest
	 * {@link EventDigest} gives them. How many.
	 */
	@Transactional
	int backfill(Collection<String> sources, Instant from, Instant to) {
		// the digest as EventDigest computes it: distinct lines in code point order ("C"), then the status
		return jdbc.sql("""
				INSERT INTO openlineage_event (source, statement_id, digest, seq, status, event_time, enqueued_at)
				SELECT due.source, due.statement_id, due.digest, nextval('openlineage_event_seq'), 'PENDING',
				       due.event_time, now()
				FROM (
				    SELECT source, statement_id, min(event_time) AS event_time,
				           md5(string_agg(DISTINCT (role || ' ' || table_name || ' ' || witness) COLLATE "C", E'\\n'
				                          ORDER BY (role || ' ' || table_name || ' ' || witness) COLLATE "C")
				               || E'\\n' || coalesce(max(execution_status), '')) AS digest
				    FROM table_access
				    WHERE event_time >= :from AND event_time < :to AND source = ANY(:sources) AND role IN ('READ', 'WRITE')
				      AND (execution_status IS NULL OR execution_status IN ('FINISHED', 'FAILED', 'CANCELED', 'CANCELLED'))
				    GROUP BY source, statement_id
				    ORDER BY min(event_time), source, statement_id) due
				ON CONFLICT (source, statement_id) DO UPDATE
				SET digest = excluded.digest, seq = excluded.seq, status = 'PENDING', event_time = excluded.event_time,
				    enqueued_at = excluded.enqueued_at, sent_at = NULL""")
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.param("sources", new SqlArrayValue("text", sources.toArray()))
			.update();
	}

	/**
	 * A source's lease as taken.
	 *
	 * @param failures the failed attempts in a row so far
	 * @param rejectedInRow the events the consumer refused since it last accepted one
	 */
	record Claim(int failures, int rejectedInRow) {
	}

	/**
	 * Takes the source's lease for {@code owner} when no live sender holds it and its next attempt is due; empty
	 * when not taken. Two senders asking at once are ordered by the row's lock; the second then sees the first's
	 * lease.
	 */
	Optional<Claim> claim(String source, String owner, Duration lease) {
		return jdbc.sql("""
				INSERT INTO openlineage_cursor (source, lease_owner, lease_until)
				VALUES (:source, :owner, now() + :lease * interval '1 millisecond')
				ON CONFLICT (source) DO UPDATE SET lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
				WHERE openlineage_cursor.next_attempt_at <= now()
				  AND (openlineage_cursor.lease_until IS NULL OR openlineage_cursor.lease_until <= now()
				       OR openlineage_cursor.lease_owner = excluded.lease_owner)
				RETURNING failures, rejected_in_row""")
			.param("source", source)
			.param("owner", owner)
			.param("lease", lease.toMillis())
			.query((rs, n) -> new Claim(rs.getInt(1), rs.getInt(2)))
			.optional();
	}

	/** The source's next pending events, in order. */
	List<Pending> pending(String source, int limit) {
		return jdbc.sql("""
				SELECT statement_id, seq FROM openlineage_event
				WHERE source = :source AND status = 'PENDING'
				ORDER BY seq
				LIMIT :limit""")
			.param("source", source)
			.param("limit", limit)
			.query((rs, n) -> new Pending(rs.getString(1), rs.getLong(2)))
			.list();
	}

	/**
	 * Records that the event was accepted, together with the cursor, while {@code owner} still holds the source
	 * (renewing its lease); false, changing nothing, when it lost the lease.
	 */
	@Transactional
	boolean sent(String source, String owner, Pending event, Instant eventTime, Duration lease) {
		int held = jdbc.sql("""
				UPDATE openlineage_cursor SET lease_until = now() + :lease * interval '1 millisecond',
				    last_statement_id = :statement, last_event_time = :eventTime, last_sent_at = now(), sent = sent + 1,
				    failures = 0, rejected_in_row = 0
				WHERE source = :source AND lease_owner = :owner""")
			.param("lease", lease.toMillis())
			.param("statement", event.statementId())
			.param("eventTime", Timestamp.from(eventTime))
			.param("source", source)
			.param("owner", owner)
			.update();
		if (held == 0) {
			return false;
		}
		finish(source, event, "SENT");
		return true;
	}

	/**
	 * Records that the consumer refused the event for good, while the sender holds the source: false when another
	 * sender took it over (which goes on from here), and nothing is recorded.
	 */
	@Transactional
	boolean rejected(String source, String owner, Pending event, String error) {
		int held = jdbc.sql("""
				UPDATE openlineage_cursor SET rejected = rejected + 1, last_error = :error, last_error_at = now(),
				    failures = 0, rejected_in_row = rejected_in_row + 1
				WHERE source = :source AND lease_owner = :owner""")
			.param("error", error)
			.param("source", source)
			.param("owner", owner)
			.update();
		if (held == 0) {
			return false;
		}
		finish(source, event, "REJECTED");
		return true;
	}

	/**
	 * Marks an event that has nothing to tell any more: its statement is no longer in the store (a lineage-only
	 * statement its history row superseded, a statement of a closed day) or has not finished.
	 */
	void skipped(String source, Pending event) {
		finish(source, event, "SKIPPED");
	}

	/** Records a failed attempt and releases the source until {@code retryAfter} has passed. */
	void failed(String source, String owner, String error, Duration retryAfter) {
		jdbc.sql("""
				UPDATE openlineage_cursor SET failures = failures + 1, last_error = :error, last_error_at = now(),
				    next_attempt_at = now() + :retryAfter * interval '1 millisecond', lease_until = NULL
				WHERE source = :source AND lease_owner = :owner""")
			.param("error", error)
			.param("retryAfter", retryAfter.toMillis())
			.param("source", source)
			.param("owner", owner)
			.update();
	}

	/** Gives the source's lease up. */
	void release(String source, String owner) {
		jdbc.sql("UPDATE openlineage_cursor SET lease_until = NULL WHERE source = :source AND lease_owner = :owner")
			.param("source", source)
			.param("owner", owner)
			.update();
	}

	/** Events waiting to be sent, of all sources. */
	long backlog() {
		return jdbc.sql("SELECT count(*) FROM openlineage_event WHERE status = 'PENDING'").query(Long.class).single();
	}

	/** Where a source's feed stands. */
	record Standing(String source, long backlog, @Nullable Instant oldestPending, @Nullable String lastStatementId,
			@Nullable Instant lastEventTime, @Nullable Instant lastSentAt, long sent, long rejected, int failures,
			@Nullable String lastError, @Nullable Instant lastErrorAt, @Nullable Instant nextAttemptAt) {
	}

	List<Standing> standings(Collection<String> sources) {
		return jdbc.sql("""
				SELECT s.source,
				       (SELECT count(*) FROM openlineage_event e WHERE e.source = s.source AND e.status = 'PENDING'),
				       (SELECT min(e.enqueued_at) FROM openlineage_event e WHERE e.source = s.source AND e.status = 'PENDING'),
				       c.last_statement_id, c.last_event_time, c.last_sent_at, coalesce(c.sent, 0), coalesce(c.rejected, 0),
				       coalesce(c.failures, 0), c.last_error, c.last_error_at, c.next_attempt_at
				FROM unnest(:sources) WITH ORDINALITY AS s(source, n)
				LEFT JOIN openlineage_cursor c ON c.source = s.source
				ORDER BY s.n""")
			.param("sources", new SqlArrayValue("text", sources.toArray()))
			.query((rs, n) -> new Standing(rs.getString(1), rs.getLong(2), instant(rs.getTimestamp(3)), rs.getString(4),
					instant(rs.getTimestamp(5)), instant(rs.getTimestamp(6)), rs.getLong(7), rs.getLong(8), rs.getInt(9),
					rs.getString(10), instant(rs.getTimestamp(11)), instant(rs.getTimestamp(12))))
			.list();
	}

	private void finish(String source, Pending event, String status) {
		jdbc.sql("""
				UPDATE openlineage_event SET status = :status, sent_at = now()
				WHERE source = :source AND statement_id = :statement AND seq = :seq AND status = 'PENDING'""")
			.param("status", status)
			.param("source", source)
			.param("statement", event.statementId())
			.param("seq", event.seq())
			.update();
	}

	private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
