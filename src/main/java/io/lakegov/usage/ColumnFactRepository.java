package io.lakegov.usage;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.store.CopyRows;
import io.lakegov.usage.rollups.ColumnImpactRollups;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes column facts and keeps {@code column_daily} (and, through {@link ColumnImpactRollups}, the column
 * impact's rollups) exactly equal to them, as
 * {@link UsageFactRepository} does for tables: a (day, table) pair that lost a fact is rebuilt from its
 * facts, one that only gained has the batch's counts added. A statement has at most one fact per table,
 * column, role and resolution, so counting facts counts statements (of every source: statement ids are
 * unique only within a source, so the facts are keyed on the source too).
 */
@Repository
public class ColumnFactRepository {

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final ColumnImpactRollups impact;

	ColumnFactRepository(JdbcClient jdbc, CopyRows copy, ColumnImpactRollups impact) {
		this.jdbc = jdbc;
		this.copy = copy;
		this.impact = impact;
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
		Set<ColumnImpactRollups.Triple> lostColumns = new LinkedHashSet<>(statementIds.isEmpty() ? List.of()
				: jdbc.sql("""
						DELETE FROM column_access WHERE source = :source AND statement_id = ANY(:ids)
						RETURNING table_name, column_name, business_date""")
					.param("source", source)
					.param("ids", new SqlArrayValue("text", statementIds.toArray()))
					.query((rs, n) -> new ColumnImpactRollups.Triple(rs.getString(1), rs.getString(2),
							rs.getObject(3, LocalDate.class)))
					.list());
		Set<DayTable> lost = new LinkedHashSet<>();
		lostColumns.forEach(triple -> lost.add(new DayTable(triple.table(), triple.date())));
		insert(source, facts);
		rebuild(lost);
		add(facts.stream().filter(fact -> !lost.contains(new DayTable(fact.tableName(), fact.businessDate()))).toList());
		impact.rebuild(lostColumns);
		Set<String> added = new LinkedHashSet<>();
		facts.forEach(fact -> added.add(fact.statementId()));
		impact.add(source, added, lostColumns);
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

	private void rebuild(Set<DayTable> lost) {
		if (lost.isEmpty()) {
			return;
		}
		Object[] tables = lost.stream().map(DayTable::table).toArray();
		Object[] dates = lost.stream().map(pair -> Date.valueOf(pair.date())).toArray();
		jdbc.sql("""
				DELETE FROM column_daily d USING unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
				WHERE d.table_name = t.table_name AND d.business_date = t.business_date""")
			.param("tables", new SqlArrayValue("text", tables))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name,
				    statements, first_event, last_event)
				SELECT f.table_name, f.business_date, f.column_name, f.role, f.resolution, f.user_name, count(*),
				       min(f.event_time), max(f.event_time)
				FROM unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
				JOIN column_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				GROUP BY f.table_name, f.business_date, f.column_name, f.role, f.resolution, f.user_name""")
			.param("tables", new SqlArrayValue("text", tables))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
	}

	/** Adds facts of (day, table) pairs that lost none: none of their statements was counted before. */
	private void add(List<ColumnFact> facts) {
		if (facts.isEmpty()) {
			return;
		}
		Map<Row, Counts> rows = new LinkedHashMap<>();
		for (ColumnFact fact : facts) {
			rows.computeIfAbsent(new Row(fact.tableName(), fact.businessDate(), fact.columnName(), fact.role(),
					fact.resolution().name(), fact.userName()), row -> new Counts()).add(fact.eventTime());
		}
		List<Row> keys = List.copyOf(rows.keySet());
		jdbc.sql("""
				INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name,
				    statements, first_event, last_event)
				SELECT * FROM unnest(:tables::text[], :dates::date[], :columns::text[], :roles::text[],
				    :resolutions::text[], :users::text[], :statements::bigint[], :firsts::timestamptz[],
				    :lasts::timestamptz[])
				ON CONFLICT (table_name, business_date, column_name, role, resolution, user_name) DO UPDATE SET
				    statements = column_daily.statements + EXCLUDED.statements,
				    first_event = least(column_daily.first_event, EXCLUDED.first_event),
				    last_event = greatest(column_daily.last_event, EXCLUDED.last_event)""")
			.param("tables", new SqlArrayValue("text", keys.stream().map(Row::table).toArray()))
			.param("dates", new SqlArrayValue("date", keys.stream().map(row -> Date.valueOf(row.date())).toArray()))
			.param("columns", new SqlArrayValue("text", keys.stream().map(Row::column).toArray()))
			.param("roles", new SqlArrayValue("text", keys.stream().map(Row::role).toArray()))
			.param("resolutions", new SqlArrayValue("text", keys.stream().map(Row::resolution).toArray()))
			.param("users", new SqlArrayValue("text", keys.stream().map(Row::user).toArray()))
			.param("statements", new SqlArrayValue("bigint", keys.stream().map(row -> rows.get(row).count).toArray()))
			.param("firsts", new SqlArrayValue("timestamptz",
					keys.stream().map(row -> Timestamp.from(rows.get(row).first)).toArray()))
			.param("lasts", new SqlArrayValue("timestamptz",
					keys.stream().map(row -> Timestamp.from(rows.get(row).last)).toArray()))
			.update();
	}

	private record DayTable(String table, LocalDate date) {
	}

	private record Row(String table, LocalDate date, String column, String role, String resolution, String user) {
	}

	private static final class Counts {

		long count;

		Instant first;

		Instant last;

		void add(Instant event) {
			count++;
			first = first == null || event.isBefore(first) ? event : first;
			last = last == null || event.isAfter(last) ? event : last;
		}

	}

}
