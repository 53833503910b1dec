package io.lakegov.archive.outbox;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
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

	/** A source's archive as the store records it, with its backlog. */
	record State(String source, String schema, int schemaVersion, String holder, Instant leaseUntil, int failures,
			Instant nextAttemptAt, String lastError, Instant lastErrorAt, Instant lastWrittenAt, long statementsWritten,
			long backlog, Instant oldestQueuedAt) {
	}

	/** Queues the statements of a source, in the caller's transaction: one insert, no conflict to check. */
	@Transactional(propagation = Propagation.MANDATORY)
	void queue(String source, Collection<String> statements) {
		if (statements.isEmpty()) {
			return;
		}
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) SELECT :source, unnest(:ids)")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statements.toArray()))
			.update();
	}

	/**
	 * Makes sure the store knows the source's archive in this schema. The first time (or when the schema
	 * changed), every statement the store holds for the source is queued, so that the archive starts complete.
	 */
	@Transactional
	void register(String source, String schema) {
		boolean known = jdbc.sql("""
				INSERT INTO archive_source (source, schema_name, queued_existing_at, next_attempt_at)
				VALUES (:source, :schema, now(), now())
				ON CONFLICT (source) DO UPDATE SET schema_name = excluded.schema_name, schema_version = 0,
				    queued_existing_at = now(), next_attempt_at = now(), failures = 0
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
	 * Takes the source's archive for {@code lease} unless another replica holds it or it waits after a
	 * failure; the schema version it has when taken.
	 */
	Optional<Integer> claim(String source, String holder, Duration lease) {
		return jdbc.sql("""
				UPDATE archive_source SET holder = :holder, lease_until = now() + :lease * interval '1 millisecond'
				WHERE source = :source AND next_attempt_at <= now()
				    AND (lease_until IS NULL OR lease_until <= now() OR holder = :holder)
				RETURNING schema_version""")
			.param("holder", holder)
			.param("lease", lease.toMillis())
			.param("source", source)
			.query(Integer.class)
			.optional();
	}

	/** The oldest entries of the source, at most {@code limit}. */
	List<Entry> pending(String source, int limit) {
		return jdbc.sql("SELECT id, statement_id FROM archive_outbox WHERE source = :source ORDER BY id LIMIT :limit")
			.param("source", source)
			.param("limit", limit)
			.query((rs, n) -> new Entry(rs.getLong(1), rs.getString(2)))
			.list();
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
				       (SELECT count(*) FROM archive_outbox o WHERE o.source = s.source),
				       (SELECT min(o.queued_at) FROM archive_outbox o WHERE o.source = s.source)
				FROM archive_source s ORDER BY s.source""")
			.query(ArchiveOutboxRepository::state)
			.list();
	}

	private static State state(ResultSet rs, int n) throws SQLException {
		return new State(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4), instant(rs.getTimestamp(5)),
				rs.getInt(6), instant(rs.getTimestamp(7)), rs.getString(8), instant(rs.getTimestamp(9)),
				instant(rs.getTimestamp(10)), rs.getLong(11), rs.getLong(12), instant(rs.getTimestamp(13)));
	}

	private static Instant instant(Timestamp time) {
		return time == null ? null : time.toInstant();
	}

}
