package io.lakegov.usage;

import java.time.LocalDate;
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
 * Writes column facts, replaced per statement like the table facts; the (day, table) pairs that gained or
 * lost a fact have their column rollups rebuilt with the table rollups by {@link RollupUpkeep}.
 */
@Repository
public class ColumnFactRepository {

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final RollupUpkeep upkeep;

	private final RollupClock clock;

	ColumnFactRepository(JdbcClient jdbc, CopyRows copy, RollupUpkeep upkeep, RollupClock clock) {
		this.clock = clock;
		this.upkeep = upkeep;
		this.jdbc = jdbc;
		this.copy = copy;
	}

	/**
	 * Replaces the column facts of the given statements of one source with the given facts (after their
	 * table facts were replaced, when those changed); in the caller's transaction.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void replace(String source, Collection<String> statementIds, List<ColumnFact> facts) {
		if (statementIds.isEmpty() && facts.isEmpty()) {
			return;
		}
		Set<DayTable> touched = new LinkedHashSet<>();
		if (!statementIds.isEmpty()) {
			touched.addAll(jdbc.sql("""
					WITH removed AS (
					    DELETE FROM column_access WHERE source = :source AND statement_id = ANY(:ids)
					    RETURNING table_name, business_date)
					SELECT DISTINCT table_name, business_date FROM removed""")
				.param("source", source)
				.param("ids", new SqlArrayValue("text", statementIds.toArray()))
				.query((rs, n) -> new DayTable(rs.getString(1), rs.getObject(2, LocalDate.class)))
				.list());
		}
		clock.time("column_access", () -> insert(source, facts));
		facts.forEach(fact -> touched.add(new DayTable(fact.tableName(), fact.businessDate())));
		upkeep.changed(touched);
	}

	private void insert(String source, List<ColumnFact> facts) {
		if (facts.isEmpty()) {
			return;
		}
		CopyRows.Text rows = new CopyRows.Text(facts.size());
		for (ColumnFact fact : facts) {
			rows.value(source)
				.value(fact.statementId())
				.value(fact.tableName())
				.value(fact.columnName())
				.value(fact.role())
				.value(fact.resolution().name())
				.value(fact.candidates().isEmpty() ? null : "{" + String.join(",", fact.candidates().stream()
					.map(ColumnFactRepository::arrayElement).toList()) + "}")
				.value(fact.userName())
				.value(fact.eventTime())
				.value(fact.businessDate())
				.value(fact.sourceKind())
				.value(fact.sourceId())
				.endRow();
		}
		copy.copy("""
				COPY column_access (source, statement_id, table_name, column_name, role, resolution, candidates, user_name,
				    event_time, business_date, source_kind, source_id) FROM STDIN""", rows);
	}

	/** One element of a PostgreSQL array literal, quoted. */
	private static String arrayElement(String value) {
		return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
	}

}
