package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.SQLException;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;

/**
 * The analyses of the generated statement shapes, the cost, co-read and query-group rollups and the
 * statements that read several views, built set-based from the facts and the history rows with the
 * definitions the service keeps incrementally.
 */
final class CostSchema {

	private static final String QUERY_ROLLUPS = "V21__create_query_rollups.sql";

	private CostSchema() {
	}

	static void build(Connection connection) throws SQLException {
		execute(connection, """
				INSERT INTO statement_analysis (text_hash, analyzer_version, status, kind, stage, fingerprint, redacted_sql,
				    accesses, paths, temporary_views, analyzed_at)
				SELECT text_hash, analyzer_version, 'ANALYZED', 'SELECT', 'SPARK', left(md5(text_hash), 16),
				       'SELECT * FROM t WHERE shape = ? /* ' || text_hash || ' */', '[]', '[]', '[]', now()
				FROM (SELECT DISTINCT text_hash, analyzer_version FROM query_history) shapes""");
		execute(connection, """
				INSERT INTO read_cost_daily (business_date, table_name, user_name, duration_ms, read_bytes)
				SELECT r.business_date, r.table_name, r.user_name,
				       sum(d.value / r.n + CASE WHEN r.k < d.value % r.n THEN 1 ELSE 0 END),
				       sum(b.value / r.n + CASE WHEN r.k < b.value % r.n THEN 1 ELSE 0 END)
				FROM (SELECT a.source, a.statement_id, a.table_name, a.business_date, a.user_name,
				             row_number() OVER (PARTITION BY a.source, a.statement_id ORDER BY a.table_name) - 1 AS k,
				             count(*) OVER (PARTITION BY a.source, a.statement_id) AS n
				      FROM (SELECT DISTINCT source, statement_id, table_name, business_date, user_name
				            FROM table_access WHERE role = 'READ') a) r
				LEFT JOIN query_history h ON h.source = r.source AND h.statement_id = r.statement_id
				CROSS JOIN LATERAL (SELECT greatest(coalesce(h.total_duration_ms, 0), 0) AS value) d
				CROSS JOIN LATERAL (SELECT greatest(coalesce(h.read_bytes, 0), 0) AS value) b
				GROUP BY r.business_date, r.table_name, r.user_name
				ORDER BY r.business_date, r.table_name""");
		execute(connection, """
				INSERT INTO table_cost_daily (business_date, table_name, duration_ms, read_bytes)
				SELECT business_date, table_name, sum(duration_ms), sum(read_bytes)
				FROM read_cost_daily GROUP BY business_date, table_name ORDER BY business_date, table_name""");
		execute(connection, """
				INSERT INTO user_cost_daily (business_date, user_name, duration_ms, read_bytes)
				SELECT business_date, user_name, sum(duration_ms), sum(read_bytes)
				FROM read_cost_daily GROUP BY business_date, user_name""");
		execute(connection, """
				INSERT INTO co_read_daily (business_date, table_name, other_table, statements, last_event)
				SELECT r.business_date, r.table_name, o.table_name, count(DISTINCT (r.source, r.statement_id)),
				       max(r.event_time)
				FROM table_access r
				JOIN table_access o ON o.source = r.source AND o.statement_id = r.statement_id AND o.role = 'READ'
				    AND o.table_name <> r.table_name
				WHERE r.role = 'READ'
				GROUP BY r.business_date, r.table_name, o.table_name
				ORDER BY r.business_date, r.table_name""");
		execute(connection, """
				INSERT INTO view_name (table_name)
				SELECT DISTINCT table_name FROM table_access
				WHERE statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW')
				  AND role = 'WRITE'""");
		execute(connection, """
				INSERT INTO view_read_set_daily (business_date, user_name, source_kind, views, statements)
				SELECT business_date, user_name, source_kind, views, count(*)
				FROM (SELECT a.business_date, min(a.user_name) AS user_name, min(a.source_kind) AS source_kind,
				             array_agg(DISTINCT a.table_name ORDER BY a.table_name) AS views
				      FROM view_name n
				      JOIN table_access a ON a.table_name = n.table_name AND a.role = 'READ'
				      GROUP BY a.source, a.statement_id, a.business_date
				      HAVING count(DISTINCT a.table_name) > 1) s
				GROUP BY business_date, user_name, source_kind, views
				ORDER BY 1, 2, 3, 4""");
		queries(connection);
	}

	/** The query groups' rollup, with migration V21's own backfill: one set-based pass per month of facts. */
	private static void queries(Connection connection) throws SQLException {
		execute(connection, "SET work_mem = '1GB'");
		execute(connection, MigrationStatements.statement(QUERY_ROLLUPS, "DO $$", "$$;"));
		execute(connection, "RESET work_mem");
	}

}
