package io.lakegov.archive.shed;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The detail horizon ({@code detail_horizon}) and the removal of closed days' detail from the store. */
@Repository
class ShedRepository {

	/**
	 * Statement kinds whose facts the view graph is built from: their statements stay in the store whatever
	 * their day, so views defined long ago still resolve reads.
	 */
	static final List<String> VIEW_STATEMENTS = List.of("CREATE_VIEW", "CREATE_MATERIALIZED_VIEW",
			"CREATE_METRIC_VIEW", "ALTER_VIEW", "DROP_VIEW", "DROP_TABLE", "ALTER_TABLE");

	/**
	 * How long an OpenLineage feed that neither records nor tries to send counts as alive: far longer than its
	 * longest backoff between two attempts.
	 */
	static final String FEED_ALIVE = "7 days";

	/**
	 * One round of removal: the next candidates (statements of closed days, by the time they are ordered on),
	 * and of those, the ones the archive holds and nothing else needs lose their detail, all in one statement.
	 * Kept are the statements the archive still waits for (queued in {@code archive_outbox}), those of a source
	 * without an archive, those whose OpenLineage event waits to be sent (built from the facts when it leaves)
	 * while the feed lives, those whose watch events wait to be raised again from their facts
	 * ({@code watch_redetection}), those whose facts the view graph is built from, and the retention proposals'
	 * evidence: reads that travelled in time and reads that failed. A feed lives while its event was recorded
	 * or its source's sender sent, failed or held its lease within {@code FEED_ALIVE}: a feed turned off for
	 * good holds no detail past that. The first column counts candidates, so the
	 * caller knows whether more follow; the last three are the last candidate, where the next round starts.
	 */
	private static final String SHED = """
			WITH candidate AS (
			    SELECT q.source, q.statement_id, %1$s AS at
			    FROM query_history q
			    WHERE %2$s AND %1$s < :before
			      AND %1$s >= :afterAt AND (%1$s, q.source, q.statement_id) > (:afterAt, :afterSource, :afterId)
			    ORDER BY %1$s, q.source, q.statement_id
			    LIMIT :batch),
			doomed AS (
			    SELECT c.source, c.statement_id FROM candidate c
			    WHERE EXISTS (SELECT 1 FROM archive_source s WHERE s.source = c.source AND s.schema_version > 0)
			      AND NOT EXISTS (SELECT 1 FROM archive_outbox o WHERE o.source = c.source AND o.statement_id = c.statement_id)
			      AND NOT EXISTS (
			          SELECT 1 FROM openlineage_event e
			          WHERE e.source = c.source AND e.statement_id = c.statement_id AND e.status = 'PENDING'
			            AND (e.enqueued_at > now() - interval '%3$s'
			                 OR EXISTS (SELECT 1 FROM openlineage_cursor k WHERE k.source = e.source
			                     AND greatest(k.last_sent_at, k.last_error_at, k.lease_until) > now() - interval '%3$s')))
			      AND NOT EXISTS (
			          SELECT 1 FROM watch_redetection r
			          WHERE r.kind = 'FACTS' AND r.source = c.source AND c.statement_id = ANY(r.names))
			      AND NOT EXISTS (
			          SELECT 1 FROM table_access a
			          WHERE a.source = c.source AND a.statement_id = c.statement_id
			            AND (a.statement_kind = ANY(:kept) OR a.time_travel_kind IS NOT NULL
			                 OR (a.role = 'READ' AND a.execution_status = 'FAILED')))),
			columns AS (
			    DELETE FROM column_access x USING doomed d WHERE x.source = d.source AND x.statement_id = d.statement_id
			    RETURNING 1),
			facts AS (
			    DELETE FROM table_access x USING doomed d WHERE x.source = d.source AND x.statement_id = d.statement_id
			    RETURNING 1),
			disagreements AS (
			    DELETE FROM lineage_disagreement x USING doomed d
			    WHERE x.source = d.source AND x.statement_id = d.statement_id RETURNING 1),
			queued AS (
			    DELETE FROM column_resolution_queue x USING doomed d
			    WHERE x.source = d.source AND x.statement_id = d.statement_id RETURNING 1),
			history AS (
			    DELETE FROM query_history x USING doomed d WHERE x.source = d.source AND x.statement_id = d.statement_id
			    RETURNING 1),
			last AS (SELECT at, source, statement_id FROM candidate ORDER BY at DESC, source DESC, statement_id DESC LIMIT 1)
			SELECT (SELECT count(*) FROM candidate), (SELECT count(*) FROM history), (SELECT count(*) FROM facts),
			       (SELECT count(*) FROM columns), last.at, last.source, last.statement_id
			FROM (SELECT 1) AS one LEFT JOIN last ON true""";

	/** Removal by start time, for the statements that have one (nearly all). */
	private static final String SHED_BY_START = SHED.formatted("q.start_time", "q.start_time IS NOT NULL", FEED_ALIVE);

	/** Removal by update time, for the few statements without a start time. */
	private static final String SHED_WITHOUT_START = SHED.formatted("q.update_time", "q.start_time IS NULL", FEED_ALIVE);

	/** How long a pass waits for the writers in flight (holding the horizon, or queueing to the outbox). */
	private static final String WRITERS_WAIT = "SET LOCAL lock_timeout = '30s'";

	/** How long a removal waits for a row another transaction holds before it gives up its round. */
	private static final String ROW_LOCK_WAIT = "SET LOCAL lock_timeout = '300ms'";

	private final JdbcClient jdbc;

	ShedRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The horizon as the store records it. */
	record Horizon(LocalDate closedBefore, Instant movedAt, long statementsShed, long factsShed, long columnFactsShed,
			@Nullable Instant lastShedAt, long statementsHeld) {
	}

	/** Where a round of removal stopped: the last candidate in the order of its time. */
	record Position(Instant at, String source, String statementId) {

		static final Position START = new Position(Instant.parse("0001-01-01T00:00:00Z"), "", "");

	}

	/** What one round removed. */
	record Round(int candidates, int statements, long facts, long columnFacts, @Nullable Position last) {
	}

	Optional<Horizon> horizon() {
		return jdbc.sql("""
				SELECT shed_before, moved_at, statements_shed, facts_shed, column_facts_shed, last_shed_at, statements_held
				FROM detail_horizon WHERE shed_before IS NOT NULL""")
			.query((rs, n) -> new Horizon(rs.getObject(1, LocalDate.class), rs.getTimestamp(2).toInstant(), rs.getLong(3),
					rs.getLong(4), rs.getLong(5), instant(rs.getTimestamp(6)), rs.getLong(7)))
			.optional();
	}

	/** How many of the sources have an archive whose tables exist. */
	int archived(Collection<String> sources) {
		return jdbc.sql("SELECT count(*) FROM archive_source WHERE source = ANY(:sources) AND schema_version > 0")
			.param("sources", new SqlArrayValue("text", sources.toArray()))
			.query(Integer.class)
			.single();
	}

	/**
	 * Moves the horizon towards {@code target}, but not past a day whose rollups wait to be rebuilt from its
	 * facts (the rollup backlog): closing it would leave them unbuilt. The horizon never moves back. Waits for
	 * the writers in flight, which hold it, to commit, for 30 s at most: writers that keep it held all that
	 * time make this pass give way.
	 */
	@Transactional
	Optional<LocalDate> advance(LocalDate target) {
		jdbc.sql(WRITERS_WAIT).update();
		Optional<LocalDate> current = jdbc.sql("SELECT shed_before FROM detail_horizon FOR UPDATE")
			.query((rs, n) -> Optional.ofNullable(rs.getObject(1, LocalDate.class)))
			.optional()
			.flatMap(horizon -> horizon);
		Optional<LocalDate> waiting = jdbc.sql("SELECT business_date FROM rollup_backlog ORDER BY business_date LIMIT 1")
			.query(LocalDate.class)
			.optional();
		LocalDate next = waiting.filter(day -> day.isBefore(target)).orElse(target);
		if (current.isPresent() && !next.isAfter(current.get())) {
			return current;
		}
		jdbc.sql("""
				INSERT INTO detail_horizon (shed_before, moved_at) VALUES (:next, now())
				ON CONFLICT (singleton) DO UPDATE SET shed_before = excluded.shed_before, moved_at = excluded.moved_at""")
			.param("next", next)
			.update();
		return Optional.of(next);
	}

	/**
	 * Removes the detail of the next {@code batch} candidates before {@code before}, after {@code after}.
	 * The outbox is locked first against every writer: a statement queued for the archive by a transaction
	 * still in flight is seen queued, so no statement leaves the store before the archive holds its last
	 * change. A row held by another transaction makes the round fail after 300 ms.
	 */
	@Transactional
	Round shed(Instant before, Position after, int batch, boolean withoutStart) {
		jdbc.sql(WRITERS_WAIT).update();
		jdbc.sql("LOCK TABLE archive_outbox IN SHARE ROW EXCLUSIVE MODE").update();
		// removal yields to every writer: a row another transaction holds fails this one fast, before the
		// writer could be taken for a deadlock's victim, and the next pass takes the statement again
		jdbc.sql(ROW_LOCK_WAIT).update();
		JdbcClient.StatementSpec removal = withoutStart ? jdbc.sql(SHED_WITHOUT_START) : jdbc.sql(SHED_BY_START);
		Round round = removal
			.param("before", Timestamp.from(before))
			.param("afterAt", Timestamp.from(after.at()))
			.param("afterSource", after.source())
			.param("afterId", after.statementId())
			.param("batch", batch)
			.param("kept", new SqlArrayValue("text", VIEW_STATEMENTS.toArray()))
			.query((rs, n) -> new Round(rs.getInt(1), rs.getInt(2), rs.getLong(3), rs.getLong(4),
					rs.getTimestamp(5) == null ? null
							: new Position(rs.getTimestamp(5).toInstant(), rs.getString(6), rs.getString(7))))
			.single();
		if (round.statements() > 0) {
			// answers counted from detail change: every replica's answer cache learns it from the generation
			jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
			jdbc.sql("""
					UPDATE detail_horizon SET statements_shed = statements_shed + :statements,
					    facts_shed = facts_shed + :facts, column_facts_shed = column_facts_shed + :columns,
					    last_shed_at = now()""")
				.param("statements", round.statements())
				.param("facts", round.facts())
				.param("columns", round.columnFacts())
				.update();
		}
		return round;
	}

	/** Records how many statements before the horizon the store still holds after a pass. */
	void held(long statements) {
		jdbc.sql("UPDATE detail_horizon SET statements_held = :held").param("held", statements).update();
	}

	private static @Nullable Instant instant(@Nullable Timestamp time) {
		return time == null ? null : time.toInstant();
	}

}
