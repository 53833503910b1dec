package io.lakegov.archive.outbox;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** The archive's outbox ({@code archive_outbox}) and each source's archive state ({@code archive_source}). */
@Repository
class ArchiveOutboxRepository {

	private final JdbcClient jdbc;

	ArchiveOutboxRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** An entry of the outbox. */
	record Entry(long id, String statementId) {
	}

	/** A source's archive as the store records it, with its backlog and the statements set aside. */
	record State(String source, String schema, int schemaVersion, String holder, Instant leaseUntil, int failures,
			Instant nextAttemptAt, String lastError, Instant lastErrorAt, Instant lastWrittenAt, long statementsWritten,
			long backlog, Instant oldestQueuedAt, long setAside) {
	}

	/**
	 * The source's archive as a replica took it: its schema version, and how many statements its next batch
	 * may hold (null: as many as configured).
	 */
	record Claim(int schemaVersion, Integer batchLimit) {
	}

	/**
	 * How long a source's archive lives on without a replica that writes it looking at it: while it lives, every
	 * replica queues the source's changes, so that the archive turned off for a while (or a replica deployed
	 * without it) misses nothing; after it, the archive is retired and its outbox dropped.
	 */
	static final String ABANDONED_AFTER = "7 days";

	/**
	 * The advisory locks, one per source (this class and the hash of the source's name), that order queueing
	 * against registration: writers share the source's lock until their transaction ends, a registration holds it
	 * alone, so that it sees every statement of the batches that found no archive.
	 */
	private static final int REGISTRATION_LOCKS = 0x6c616b61;

	private static final String RETIRE = """
			DELETE FROM archive_source WHERE seen_at < now() - interval '%s' RETURNING source""".formatted(ABANDONED_AFTER);

	/**
	 * Queues the statements of a source whose archive exists, in the caller's transaction: one insert, no
	 * conflict to check. A source without an archive queues nothing.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	void queue(String source, Collection<String> statements) {
		if (statements.isEmpty()) {
			return;
		}
		jdbc.sql("SELECT pg_advisory_xact_lock_shared(:locks, hashtext(:source))")
			.param("locks", REGISTRATION_LOCKS)
			.param("source", source)
			.query(Object.class)
			.single();
		jdbc.sql("""
				INSERT INTO archive_outbox (source, statement_id)
				SELECT :source, unnest(:ids) WHERE EXISTS (SELECT 1 FROM archive_source WHERE source = :source)""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statements.toArray()))
			.update();
	}

	/**
	 * Makes sure the store knows the source's archive in this schema, and that a replica writing it looked at it
	 * now. The first time (or when the schema changed, or after the archive was retired), every statement the
	 * store holds for the source is queued, so that the archive starts complete; that waits for the batches in
	 * flight, whose statements it must see.
	 */
	@Transactional
	void register(String source, String schema) {
		boolean seen = jdbc.sql("UPDATE archive_source SET seen_at = now() WHERE source = :source AND schema_name = :schema")
			.param("source", source)
			.param("schema", schema)
			.update() == 1;
		if (seen) {
			return;
		}
		jdbc.sql("SELECT pg_advisory_xact_lock(:locks, hashtext(:source))")
			.param("locks", REGISTRATION_LOCKS)
			.param("source", source)
			.query(Object.class)
			.single();
		boolean known = jdbc.sql("""
				INSERT INTO archive_source (source, schema_name, queued_existing_at, next_attempt_at)
				VALUES (:source, :schema, now(), now())
				ON CONFLICT (source) DO UPDATE SET schema_name = excluded.schema_name, schema_version = 0,
				    queued_existing_at = now(), next_attempt_at = now(), failures = 0, seen_at = now()
				WHERE archive_source.schema_name <> excluded.schema_name
				RETURNING source""")
			.param("source", source)
			.param("schema", schema)
			.query(String.class)
			.optional()
			.isEmpty();
		if (!known) {
			jdbc.sql("""
					INSERT INTO archive_outbox (source, statement_id)
					SELECT :source, statement_id FROM query_history WHERE source = :source
					UNION
					SELECT :source, statement_id FROM table_access WHERE source = :source""")
				.param("source", source)
				.update();
		}
	}

	/**
	 * Retires the archives no replica writing them has looked at for {@link #ABANDONED_AFTER}, with their
	 * outbox; the sources retired. A batch that found the archive just before it was retired may still queue a
	 * few entries: enabling the archive again queues everything anyway.
	 */
	@Transactional
	List<String> retireAbandoned() {
		List<String> retired = jdbc.sql(RETIRE).query(String.class).list();
		if (!retired.isEmpty()) {
			jdbc.sql("DELETE FROM archive_outbox WHERE source = ANY(:sources)")
				.param("sources", new SqlArrayValue("text", retired.toArray()))
				.update();
		}
		return retired;
	}

	/**
	 * Takes the source's archive for {@code lease} unless another replica holds it or it waits after a
	 * failure; the schema version it has when taken.
	 */
	Optional<Claim> claim(String source, String holder, Duration lease) {
		return jdbc.sql("""
				UPDATE archive_source SET holder = :holder, lease_until = now() + :lease * interval '1 millisecond'
				WHERE source = :source AND next_attempt_at <= now()
				    AND (lease_until IS NULL OR lease_until <= now() OR holder = :holder)
				RETURNING schema_version, batch_limit""")
			.param("holder", holder)
			.param("lease", lease.toMillis())
			.param("source", source)
			.query((rs, n) -> new Claim(rs.getInt(1), rs.getObject(2, Integer.class)))
			.optional();
	}

	/** The oldest entries of the source that are not set aside, at most {@code limit}. */
	List<Entry> pending(String source, int limit) {
		return jdbc.sql("""
				SELECT id, statement_id FROM archive_outbox WHERE source = :source AND set_aside_until IS NULL
				ORDER BY id LIMIT :limit""")
			.param("source", source)
			.param("limit", limit)
			.query(ArchiveOutboxRepository::entry)
			.list();
	}

	/**
	 * Entries to try alone after {@code statementId} was refused alone, one per statement: half the limit from the
	 * oldest queued on, half from the newest back, not set aside, of other statements.
	 */
	List<Entry> probes(String source, String statementId, int limit) {
		List<Entry> entries = jdbc.sql("""
				(SELECT id, statement_id FROM archive_outbox
				 WHERE source = :source AND set_aside_until IS NULL AND statement_id <> :statement ORDER BY id LIMIT :half)
				UNION ALL
				(SELECT id, statement_id FROM archive_outbox
				 WHERE source = :source AND set_aside_until IS NULL AND statement_id <> :statement ORDER BY id DESC LIMIT :half)""")
			.param("source", source)
			.param("statement", statementId)
			.param("half", Math.max(1, limit / 2))
			.query(ArchiveOutboxRepository::entry)
			.list();
		Map<String, Entry> byStatement = new LinkedHashMap<>();
		entries.forEach(entry -> byStatement.putIfAbsent(entry.statementId(), entry));
		return List.copyOf(byStatement.values());
	}

	/** The entries of the statements set aside that are due to be tried again, oldest first, at most {@code limit}. */
	List<Entry> dueAgain(String source, int limit) {
		return jdbc.sql("""
				SELECT id, statement_id FROM archive_outbox WHERE source = :source AND set_aside_until <= now()
				ORDER BY id LIMIT :limit""")
			.param("source", source)
			.param("limit", limit)
			.query(ArchiveOutboxRepository::entry)
			.list();
	}

	/**
	 * Sets the statement's entries aside, with the warehouse's refusal, until {@code retryAfter} from now, when
	 * the statement is tried again alone.
	 */
	void setAside(String source, String statementId, String refusal, Duration retryAfter) {
		jdbc.sql("""
				UPDATE archive_outbox SET set_aside_until = now() + :retry * interval '1 millisecond', refusal = :refusal
				WHERE source = :source AND statement_id = :statement""")
			.param("retry", retryAfter.toMillis())
			.param("refusal", refusal)
			.param("source", source)
			.param("statement", statementId)
			.update();
	}

	/** How many statements the holder's next batch may hold; null: as many as configured. */
	void limit(String source, String holder, Integer batchLimit) {
		jdbc.sql("UPDATE archive_source SET batch_limit = :limit WHERE source = :source AND holder = :holder")
			.param("limit", batchLimit)
			.param("source", source)
			.param("holder", holder)
			.update();
	}

	void migrated(String source, int version) {
		jdbc.sql("UPDATE archive_source SET schema_version = :version WHERE source = :source")
			.param("version", version)
			.param("source", source)
			.update();
	}

	/**
	 * Removes the entries written and extends the lease, when the holder still holds it: the archive is writable
	 * again; true. A holder whose lease ran out while it wrote (a stalled warehouse) may have written after the
	 * replica that took over wrote the same statements newer: it queues the statements again, so that the
	 * archive's holder writes them as the store has them now, and gets false.
	 */
	@Transactional
	boolean written(String source, String holder, List<Long> entries, Collection<String> statements, Duration lease) {
		boolean held = jdbc.sql("""
				UPDATE archive_source SET last_written_at = now(), statements_written = statements_written + :statements,
				    failures = 0, last_error = NULL, lease_until = now() + :lease * interval '1 millisecond'
				WHERE source = :source AND holder = :holder AND lease_until > now()""")
			.param("statements", statements.size())
			.param("lease", lease.toMillis())
			.param("source", source)
			.param("holder", holder)
			.update() == 1;
		if (!held) {
			queue(source, statements);
			return false;
		}
		jdbc.sql("DELETE FROM archive_outbox WHERE id = ANY(:ids)")
			.param("ids", new SqlArrayValue("bigint", entries.toArray()))
			.update();
		return true;
	}

	/** Records a failed attempt: the archive pauses for {@code retryAfter}, and the lease is given up. */
	void failed(String source, String holder, String error, Duration retryAfter) {
		jdbc.sql("""
				UPDATE archive_source SET failures = failures + 1, last_error = :error, last_error_at = now(),
				    next_attempt_at = now() + :retry * interval '1 millisecond', holder = NULL, lease_until = NULL
				WHERE source = :source AND holder = :holder""")
			.param("error", error)
			.param("retry", retryAfter.toMillis())
			.param("source", source)
			.param("holder", holder)
			.update();
	}

	void release(String source, String holder) {
		jdbc.sql("UPDATE archive_source SET holder = NULL, lease_until = NULL WHERE source = :source AND holder = :holder")
			.param("source", source)
			.param("holder", holder)
			.update();
	}

	/** How many failures in a row the source's archive has had. */
	int failures(String source) {
		return jdbc.sql("SELECT failures FROM archive_source WHERE source = :source")
			.param("source", source)
			.query(Integer.class)
			.optional()
			.orElse(0);
	}

	/** Every source's archive state, by source name. */
	List<State> states() {
		return jdbc.sql("""
				SELECT s.source, s.schema_name, s.schema_version, s.holder, s.lease_until, s.failures, s.next_attempt_at,
				       s.last_error, s.last_error_at, s.last_written_at, s.statements_written,
				       (SELECT count(*) FROM archive_outbox o WHERE o.source = s.source AND o.set_aside_until IS NULL),
				       (SELECT min(o.queued_at) FROM archive_outbox o WHERE o.source = s.source AND o.set_aside_until IS NULL),
				       (SELECT count(DISTINCT o.statement_id) FROM archive_outbox o
				        WHERE o.source = s.source AND o.set_aside_until IS NOT NULL)
				FROM archive_source s ORDER BY s.source""")
			.query(ArchiveOutboxRepository::state)
			.list();
	}

	private static State state(ResultSet rs, int n) throws SQLException {
		return new State(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4), instant(rs.getTimestamp(5)),
				rs.getInt(6), instant(rs.getTimestamp(7)), rs.getString(8), instant(rs.getTimestamp(9)),
				instant(rs.getTimestamp(10)), rs.getLong(11), rs.getLong(12), instant(rs.getTimestamp(13)), rs.getLong(14));
	}

	private static Entry entry(ResultSet rs, int n) throws SQLException {
		return new Entry(rs.getLong(1), rs.getString(2));
	}

	private static Instant instant(Timestamp time) {
		return time == null ? null : time.toInstant();
	}

}
