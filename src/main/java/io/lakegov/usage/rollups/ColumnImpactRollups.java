package io.lakegov.usage.rollups;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the column impact's rollups exactly equal to the facts: {@code column_source_daily} (certain reads
 * and writes per query source) and {@code column_downstream_daily} (tables written by statements that
 * certainly read a column) per (table, column, day), rebuilt per (day, table) pair from the column facts and,
 * for the downstream tables, the table facts of their statements. The views on a column are not kept here: they are the view graph's current views
 * ({@code io.lakegov.views.Views}), whose definitions' columns are these statements' column facts.
 */
@Component
class ColumnImpactRollups {

	/** Statement kinds that define a view: their written table is a view of what they read, not downstream. */
	static final String VIEW_KINDS = "'CREATE_VIEW', 'ALTER_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW'";

	private final JdbcClient jdbc;

	ColumnImpactRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Rebuilds the rows of the (day, table) pairs from their column facts. */
	void rebuild(DayTablePairs pairs) {
		pairs.delete(jdbc, "column_source_daily", "table_name");
		pairs.delete(jdbc, "column_downstream_daily", "table_name");
		jdbc.sql("""
				INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id,
				    statements, last_event)
				SELECT f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id, count(*),
				       max(f.event_time)
				FROM rollup_pair t
				JOIN column_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				WHERE f.resolution = 'RESOLVED'
				GROUP BY f.table_name, f.column_name, f.business_date, f.role, f.source_kind, f.source_id""")
			.update();
		jdbc.sql("""
				INSERT INTO column_downstream_daily (table_name, column_name, business_date, target_table, statements,
				    last_event)
				SELECT r.table_name, r.column_name, r.business_date, w.table_name,
				       count(DISTINCT (r.source, r.statement_id)), max(r.event_time)
				FROM rollup_pair t
				JOIN column_access r ON r.table_name = t.table_name AND r.business_date = t.business_date
				CROSS JOIN LATERAL (
				    SELECT w.table_name FROM table_access w
				    WHERE w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				        AND w.table_name <> r.table_name AND (w.statement_kind IS NULL OR w.statement_kind NOT IN (%s))
				    OFFSET 0) w
				WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
				GROUP BY r.table_name, r.column_name, r.business_date, w.table_name""".formatted(VIEW_KINDS))
			.update();
	}

}
