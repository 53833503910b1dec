package io.lakegov.usage.rollups;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Component;

/**
 * Keeps the column impact's rollups exactly equal to the facts: {@code column_source_daily} (certain reads
 * and writes per query source) and {@code column_downstream_daily} (tables written by statements that
 * certainly read a column) per (table, column, day), rebuilt for the triples that lost a fact and added to
 * for the others. Called with the table facts of the statements already replaced (the downstream tables
 * come from them). The views on a column are not kept here: they are the view graph's current views
 * ({@code io.lakegov.views.Views}), whose definitions' columns are these statements' column facts.
 */
@Component
public class ColumnImpactRollups {

	/** Statement kinds that define a view: their written table is a view of what they read, not downstream. */
	static final String VIEW_KINDS = "'CREATE_VIEW', 'ALTER_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW'";

	private static final String LOST = "unnest(:tables::text[], :columns::text[], :dates::date[])"
			+ " AS l(table_name, column_name, business_date)";

	private static final String DELETE_SOURCES = "DELETE FROM column_source_daily d USING " + LOST + """

			WHERE d.table_name = l.table_name AND d.column_name = l.column_name AND d.business_date = l.business_date""";

	private static final String DELETE_DOWNSTREAM = "DELETE FROM column_downstream_daily d USING " + LOST + """

			WHERE d.table_name = l.table_name AND d.column_name = l.column_name AND d.business_date = l.business_date""";

	private final JdbcClient jdbc;

	ColumnImpactRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** One (table, column, day) of the column facts. */
	public record Triple(String table, String column, LocalDate date) {
	}

	/** Rebuilds the rows of the triples that lost facts, from their facts. */
	public void rebuild(Set<Triple> lost) {
		if (lost.isEmpty()) {
			return;
		}
		Object[] tables = lost.stream().map(Triple::table).toArray();
		Object[] columns = lost.stream().map(Triple::column).toArray();
		Object[] dates = lost.stream().map(triple -> Date.valueOf(triple.date())).toArray();
		jdbc.sql(DELETE_SOURCES)
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql(DELETE_DOWNSTREAM)
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id,
				    statements, last_event)
				SELECT f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id, count(*),
				       max(f.event_time)
				FROM %s
				JOIN column_access f ON f.table_name = l.table_name AND f.column_name = l.column_name
				    AND f.business_date = l.business_date
				WHERE f.resolution = 'RESOLVED'
				GROUP BY f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id""".formatted(LOST))
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO column_downstream_daily (table_name, column_name, business_date, target_table, statements,
				    last_event)
				SELECT r.table_name, r.column_name, r.business_date, w.table_name,
				       count(DISTINCT (r.source, r.statement_id)), max(r.event_time)
				FROM %s
				JOIN column_access r ON r.table_name = l.table_name AND r.column_name = l.column_name
				    AND r.business_date = l.business_date
				JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				    AND w.table_name <> r.table_name AND (w.statement_kind IS NULL OR w.statement_kind NOT IN (%s))
				WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
				GROUP BY r.table_name, r.column_name, r.business_date, w.table_name""".formatted(LOST, VIEW_KINDS))
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
	}

	/**
	 * Adds the facts of the given statements outside the lost triples: none of those statements was counted
	 * in these triples before.
	 */
	public void add(String source, Collection<String> statementIds, Set<Triple> lost) {
		if (statementIds.isEmpty()) {
			return;
		}
		Object[] ids = statementIds.toArray();
		Object[] tables = lost.stream().map(Triple::table).toArray();
		Object[] columns = lost.stream().map(Triple::column).toArray();
		Object[] dates = lost.stream().map(triple -> Date.valueOf(triple.date())).toArray();
		jdbc.sql("""
				INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id,
				    statements, last_event)
				SELECT f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id, count(*),
				       max(f.event_time)
				FROM column_access f
				WHERE f.source = :source AND f.statement_id = ANY(:ids) AND f.resolution = 'RESOLVED'
				  AND NOT EXISTS (SELECT 1 FROM %s WHERE l.table_name = f.table_name AND l.column_name = f.column_name
				                    AND l.business_date = f.business_date)
				GROUP BY f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id
				ON CONFLICT (table_name, column_name, business_date, role, source_kind, source_id) DO UPDATE SET
				    statements = column_source_daily.statements + EXCLUDED.statements,
				    last_event = greatest(column_source_daily.last_event, EXCLUDED.last_event)""".formatted(LOST))
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids))
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO column_downstream_daily (table_name, column_name, business_date, target_table, statements,
				    last_event)
				SELECT r.table_name, r.column_name, r.business_date, w.table_name,
				       count(DISTINCT (r.source, r.statement_id)), max(r.event_time)
				FROM column_access r
				JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				    AND w.table_name <> r.table_name AND (w.statement_kind IS NULL OR w.statement_kind NOT IN (%s))
				WHERE r.source = :source AND r.statement_id = ANY(:ids) AND r.role = 'READ' AND r.resolution = 'RESOLVED'
				  AND NOT EXISTS (SELECT 1 FROM %s WHERE l.table_name = r.table_name AND l.column_name = r.column_name
				                    AND l.business_date = r.business_date)
				GROUP BY r.table_name, r.column_name, r.business_date, w.table_name
				ON CONFLICT (table_name, column_name, business_date, target_table) DO UPDATE SET
				    statements = column_downstream_daily.statements + EXCLUDED.statements,
				    last_event = greatest(column_downstream_daily.last_event, EXCLUDED.last_event)"""
			.formatted(VIEW_KINDS, LOST))
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids))
			.param("tables", new SqlArrayValue("text", tables))
			.param("columns", new SqlArrayValue("text", columns))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
	}

}
