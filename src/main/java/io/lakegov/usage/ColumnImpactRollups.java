package io.lakegov.usage;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Component;

/**
 * Keeps the column impact's rollups exactly equal to the facts: {@code column_source_daily} (certain reads
 * and writes per query source) and {@code column_downstream_daily} (tables written by statements that
 * certainly read a column) per (table, column, day), rebuilt for the triples that lost a fact and added to
 * for the others; and each view's latest definition ({@code view_latest_definition}) with the columns it
 * reads ({@code column_view_reads}), replaced per view whenever a statement defining, altering or dropping
 * it, or the statement its latest definition is, has its facts replaced. Called with the table facts of
 * the statements already replaced (the downstream tables and views come from them).
 */
@Component
class ColumnImpactRollups {

	/** Statement kinds that define a view: their written table is a view of what they read. */
	static final String VIEW_KINDS = "'CREATE_VIEW', 'ALTER_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW'";

	/**
	 * The latest definitions of the views named by {@code :views}; the same statement as the migration's
	 * backfill, which does not filter on the names.
	 */
	private static final String LATEST = """
			INSERT INTO view_latest_definition (view_name, source, statement_id, defined_at)
			WITH events AS (
			    SELECT w.table_name AS view_name, w.source, w.statement_id, w.event_time,
			           w.statement_kind LIKE 'DROP%%' AS dropped,
			           EXISTS (SELECT 1 FROM query_history q
			                   JOIN statement_analysis s ON s.text_hash = q.text_hash AND s.analyzer_version = q.analyzer_version
			                   WHERE q.source = w.source AND q.statement_id = w.statement_id AND s.only_if_absent) AS if_absent
			    FROM table_access w
			    WHERE w.table_name = ANY(:views) AND w.role = 'WRITE'
			      AND w.statement_kind IN (%s, 'DROP_VIEW', 'DROP_TABLE')
			      AND coalesce(w.execution_status, 'FINISHED') = 'FINISHED'
			      AND (w.statement_kind <> 'ALTER_VIEW' OR EXISTS (
			          SELECT 1 FROM table_access r WHERE r.source = w.source AND r.statement_id = w.statement_id
			            AND r.role = 'READ' AND r.table_name <> w.table_name))),
			ordered AS (
			    SELECT *, lag(dropped) OVER (PARTITION BY view_name ORDER BY event_time, source, statement_id) AS after_drop
			    FROM events)
			SELECT DISTINCT ON (view_name) view_name, source, statement_id, event_time
			FROM ordered
			WHERE NOT dropped AND (NOT if_absent OR after_drop IS NULL OR after_drop)
			ORDER BY view_name, event_time DESC, source DESC, statement_id DESC""".formatted(VIEW_KINDS);

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
	record Triple(String table, String column, LocalDate date) {
	}

	/**
	 * The views whose latest definition may change with the given statements' facts: those they write with
	 * a view's kind or drop, and those whose latest definition one of them is.
	 */
	Set<String> views(String source, Collection<String> statementIds) {
		if (statementIds.isEmpty()) {
			return Set.of();
		}
		return new LinkedHashSet<>(jdbc.sql("""
				SELECT table_name FROM table_access
				WHERE source = :source AND statement_id = ANY(:ids) AND role = 'WRITE'
				  AND statement_kind IN (%s, 'DROP_VIEW', 'DROP_TABLE')
				UNION
				SELECT view_name FROM view_latest_definition WHERE source = :source AND statement_id = ANY(:ids)"""
			.formatted(VIEW_KINDS))
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.query(String.class)
			.list());
	}

	/** Rebuilds the rows of the triples that lost facts, from their facts. */
	void rebuild(Set<Triple> lost) {
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
	void add(String source, Collection<String> statementIds, Set<Triple> lost) {
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

	/** Replaces the latest definition of each of the views, and the columns it reads, from the facts. */
	void refreshViews(Set<String> views) {
		if (views.isEmpty()) {
			return;
		}
		SqlArrayValue names = new SqlArrayValue("text", views.toArray());
		jdbc.sql("DELETE FROM column_view_reads WHERE view_name = ANY(:views)").param("views", names).update();
		jdbc.sql("DELETE FROM view_latest_definition WHERE view_name = ANY(:views)").param("views", names).update();
		jdbc.sql(LATEST).param("views", names).update();
		jdbc.sql("""
				INSERT INTO column_view_reads (table_name, column_name, view_name, defined_at)
				SELECT DISTINCT r.table_name, r.column_name, v.view_name, v.defined_at
				FROM view_latest_definition v
				JOIN column_access r ON r.source = v.source AND r.statement_id = v.statement_id
				WHERE v.view_name = ANY(:views) AND r.role = 'READ' AND r.resolution = 'RESOLVED'""")
			.param("views", names)
			.update();
	}

}
