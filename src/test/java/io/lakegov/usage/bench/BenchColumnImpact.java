package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.SQLException;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;

/**
 * Builds the column impact's rollups ({@code column_source_daily}, {@code column_downstream_daily},
 * {@code view_latest_definition}, {@code column_view_reads}) from the facts, with the statements of their
 * migration's backfill.
 */
final class BenchColumnImpact {

	private BenchColumnImpact() {
	}

	static void build(Connection connection) throws SQLException {
		execute(connection,
				"TRUNCATE column_source_daily, column_downstream_daily, view_latest_definition, column_view_reads");
		execute(connection, """
				INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id,
				    statements, last_event)
				SELECT table_name, column_name, business_date, role, source_kind, source_id, count(*), max(event_time)
				FROM column_access
				WHERE resolution = 'RESOLVED'
				GROUP BY table_name, column_name, business_date, role, source_kind, source_id
				ORDER BY table_name, column_name, business_date, role, source_kind, source_id""");
		execute(connection, """
				INSERT INTO column_downstream_daily (table_name, column_name, business_date, target_table, statements,
				    last_event)
				SELECT r.table_name, r.column_name, r.business_date, w.table_name, count(DISTINCT (r.source, r.statement_id)),
				       max(r.event_time)
				FROM column_access r
				JOIN (SELECT DISTINCT source, statement_id, table_name FROM table_access
				      WHERE role = 'WRITE'
				        AND (statement_kind IS NULL OR statement_kind NOT IN ('CREATE_VIEW', 'ALTER_VIEW',
				                                                              'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW'))) w
				    ON w.source = r.source AND w.statement_id = r.statement_id AND w.table_name <> r.table_name
				WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
				GROUP BY r.table_name, r.column_name, r.business_date, w.table_name
				ORDER BY r.table_name, r.column_name, r.business_date, w.table_name""");
		execute(connection, """
				INSERT INTO view_latest_definition (view_name, source, statement_id, defined_at)
				WITH events AS (
				    SELECT w.table_name AS view_name, w.source, w.statement_id, w.event_time,
				           w.statement_kind LIKE 'DROP%' AS dropped,
				           EXISTS (SELECT 1 FROM query_history q
				                   JOIN statement_analysis s ON s.text_hash = q.text_hash
				                       AND s.analyzer_version = q.analyzer_version
				                   WHERE q.source = w.source AND q.statement_id = w.statement_id AND s.only_if_absent) AS if_absent
				    FROM table_access w
				    WHERE w.statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW',
				                               'DROP_VIEW', 'DROP_TABLE')
				      AND w.role = 'WRITE' AND coalesce(w.execution_status, 'FINISHED') = 'FINISHED'
				      AND (w.statement_kind <> 'ALTER_VIEW' OR EXISTS (
				          SELECT 1 FROM table_access r WHERE r.source = w.source AND r.statement_id = w.statement_id
				            AND r.role = 'READ' AND r.table_name <> w.table_name))),
				ordered AS (
				    SELECT *, lag(dropped) OVER (PARTITION BY view_name ORDER BY event_time, source, statement_id) AS after_drop
				    FROM events)
				SELECT DISTINCT ON (view_name) view_name, source, statement_id, event_time
				FROM ordered
				WHERE NOT dropped AND (NOT if_absent OR after_drop IS NULL OR after_drop)
				ORDER BY view_name, event_time DESC, source DESC, statement_id DESC""");
		execute(connection, """
				INSERT INTO column_view_reads (table_name, column_name, view_name, defined_at)
				SELECT DISTINCT r.table_name, r.column_name, v.view_name, v.defined_at
				FROM view_latest_definition v
				JOIN column_access r ON r.source = v.source AND r.statement_id = v.statement_id
				WHERE r.role = 'READ' AND r.resolution = 'RESOLVED'
				ORDER BY r.table_name, r.column_name, v.view_name""");
	}

}
