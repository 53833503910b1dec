package io.lakegov.usage;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.store.CopyRows;
import io.lakegov.usage.rollups.DayTable;
import io.lakegov.usage.rollups.RollupClock;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes usage facts. Facts are replaced per statement (a statement's facts change when its row or its
 * analysis changes); the (day, table) pairs that gained or lost a fact have their rollups rebuilt by
 * {@link RollupUpkeep}, before the transaction commits or, for an ingestion batch, at the next catch-up.
 */
@Repository
public class UsageFactRepository {

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final ViewReadSets viewSets;

	private final RollupUpkeep upkeep;

	private final RollupClock clock;

	UsageFactRepository(JdbcClient jdbc, CopyRows copy, ViewReadSets viewSets, RollupUpkeep upkeep,
			RollupClock clock) {
		this.clock = clock;
		this.jdbc = jdbc;
		this.copy = copy;
		this.viewSets = viewSets;
		this.upkeep = upkeep;
	}

	/**
	 * Replaces the facts of the given statements with the given facts, which belong to those statements or
	 * to statements that have no facts yet (all facts of one statement share its user and query source),
	 * and records the (day, table) pairs they touch for the rollups. The statements and facts are those of
	 * one source of query history (statement ids are unique only within a source). Runs in the caller's
	 * transaction.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void replace(String source, Collection<String> statementIds, List<UsageFact> facts) {
		if (statementIds.isEmpty() && facts.isEmpty()) {
			return;
		}
		clock.time("view_read_set_daily", () -> viewSets.remove(source, statementIds));
		Set<DayTable> touched = new LinkedHashSet<>();
		clock.time("table_access", () -> {
			if (!statementIds.isEmpty()) {
				touched.addAll(jdbc.sql("""
						WITH removed AS (
						    DELETE FROM table_access WHERE source = :source AND statement_id = ANY(:ids)
						    RETURNING table_name, business_date)
						SELECT DISTINCT table_name, business_date FROM removed""")
					.param("source", source)
					.param("ids", array("text", statementIds.toArray(String[]::new)))
					.query((rs, n) -> new DayTable(rs.getString(1), rs.getObject(2, LocalDate.class)))
					.list());
				}
			insert(source, facts);
		});
		Set<String> written = new LinkedHashSet<>(statementIds);
		facts.forEach(fact -> {
			written.add(fact.statementId());
			touched.add(new DayTable(fact.tableName(), fact.businessDate()));
		});
		clock.time("view_read_set_daily", () -> viewSets.add(source, written, facts));
		clock.time("rollup_backlog", () -> upkeep.changed(touched));
	}

	/** The stored facts of the given statements of a source, by statement and position. */
	public List<UsageFact> facts(String source, Collection<String> statementIds) {
		if (statementIds.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				SELECT statement_id, access_no, table_name, written_name, fully_qualified, role, statement_kind,
				    time_travel_kind, time_travel_value, time_travel_syntax, user_name, event_time, business_date,
				    source_kind, source_id, execution_status, witness
				FROM table_access WHERE source = :source AND statement_id = ANY(:ids) ORDER BY statement_id, access_no""")
			.param("source", source)
			.param("ids", array("text", statementIds.toArray(String[]::new)))
			.query((rs, n) -> new UsageFact(rs.getString("statement_id"), rs.getInt("access_no"),
					rs.getString("table_name"), rs.getString("written_name"), rs.getBoolean("fully_qualified"),
					rs.getString("role"), rs.getString("statement_kind"), rs.getString("time_travel_kind"),
					rs.getString("time_travel_value"), rs.getString("time_travel_syntax"), rs.getString("user_name"),
					rs.getObject("event_time", OffsetDateTime.class).toInstant(),
					rs.getObject("business_date", LocalDate.class), rs.getString("source_kind"),
					rs.getString("source_id"), rs.getString("execution_status"), rs.getString("witness")))
			.list();
	}

	private void insert(String source, List<UsageFact> facts) {
		if (facts.isEmpty()) {
			return;
		}
		CopyRows.Text rows = new CopyRows.Text(facts.size());
		for (UsageFact fact : facts) {
			rows.value(source)
				.value(fact.statementId())
				.value(fact.accessNo())
				.value(fact.tableName())
				.value(fact.writtenName())
				.value(fact.fullyQualified())
				.value(fact.role())
				.value(fact.statementKind())
				.value(fact.timeTravelKind())
				.value(fact.timeTravelValue())
				.value(fact.timeTravelSyntax())
				.value(fact.userName())
				.value(fact.eventTime())
				.value(fact.businessDate())
				.value(fact.sourceKind())
				.value(fact.sourceId())
				.value(fact.executionStatus())
				.value(fact.witness())
				.endRow();
		}
		copy.copy("""
				COPY table_access (source, statement_id, access_no, table_name, written_name, fully_qualified, role,
				    statement_kind, time_travel_kind, time_travel_value, time_travel_syntax, user_name, event_time,
				    business_date, source_kind, source_id, execution_status, witness) FROM STDIN""", rows);
	}

	/** A Java array bound as one SQL array parameter (not expanded into a list of parameters). */
	static SqlArrayValue array(String sqlType, Object[] values) {
		return new SqlArrayValue(sqlType, values);
	}

}
