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

	/** The query groups' rollup, as migration V21 backfills it: one set-based pass per month of facts. */
	private static void queries(Connection connection) throws SQLException {
		execute(connection, "SET work_mem = '1GB'");
		execute(connection, """
				DO $$
				DECLARE
				    month_start date;
				BEGIN
				    -- table_daily has a row for every (day, table) with facts, and an index by day
				    FOR month_start IN
				        SELECT generate_series(date_trunc('month', min(business_date)), max(business_date), interval '1 month')::date
				        FROM table_daily
				    LOOP
				        CREATE TEMPORARY TABLE month_facts AS
				        SELECT DISTINCT t.source, t.statement_id, t.table_name, t.business_date
				        FROM table_daily d
				        JOIN table_access t ON t.table_name = d.table_name AND t.business_date = d.business_date
				        WHERE t.role IN ('READ', 'WRITE') AND d.business_date >= month_start
				          AND d.business_date < (month_start + interval '1 month')::date;
				        ANALYZE month_facts;

				        INSERT INTO table_query_daily (table_name, business_date, fingerprint, statements, timed, total_duration_ms, read_bytes,
				            min_duration_ms, max_duration_ms, first_run, last_run, example_source, example_statement_id, example_text_hash,
				            example_version, runners, duration_buckets, bucket_statements)
				        WITH runs AS (
				            SELECT s.table_name, s.business_date, coalesce(a.fingerprint, '') AS fingerprint, h.source, h.statement_id,
				                   ROW(coalesce(nullif(btrim(h.executed_by), ''), '(unknown)'), h.source_kind,
				                       coalesce(h.source_id, ''))::query_runner AS runner,
				                   coalesce(h.start_time, h.update_time) AS started, h.total_duration_ms AS duration, h.read_bytes,
				                   h.text_hash, h.analyzer_version
				            FROM month_facts s
				            JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
				            LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version),
				        daily AS (
				            SELECT table_name, business_date, fingerprint, count(*) AS statements, count(*) FILTER (WHERE duration >= 0) AS timed,
				                   coalesce(sum(duration) FILTER (WHERE duration >= 0), 0) AS total_duration_ms,
				                   coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) AS read_bytes,
				                   min(duration) FILTER (WHERE duration >= 0) AS min_duration_ms,
				                   max(duration) FILTER (WHERE duration >= 0) AS max_duration_ms, min(started) AS first_run,
				                   max(started) AS last_run,
				                   (array_agg(source ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_source,
				                   (array_agg(statement_id ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_statement_id,
				                   (array_agg(text_hash ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_text_hash,
				                   (array_agg(analyzer_version ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_version,
				                   array_agg(DISTINCT runner ORDER BY runner) AS runners,
				                   array_agg(query_duration_bucket(duration)) FILTER (WHERE duration >= 0) AS durations
				            FROM runs
				            GROUP BY table_name, business_date, fingerprint)
				        SELECT d.table_name, d.business_date, d.fingerprint, d.statements, d.timed, d.total_duration_ms, d.read_bytes,
				               d.min_duration_ms, d.max_duration_ms, d.first_run, d.last_run, d.example_source, d.example_statement_id,
				               d.example_text_hash, d.example_version, d.runners, k.buckets, k.statements
				        FROM daily d
				        CROSS JOIN LATERAL (
				            SELECT coalesce(array_agg(b ORDER BY b), '{}') AS buckets, coalesce(array_agg(n ORDER BY b), '{}') AS statements
				            FROM (SELECT b, count(*) AS n FROM unnest(d.durations) AS b GROUP BY b) x) k
				        ORDER BY d.table_name, d.business_date, d.fingerprint;

				        DROP TABLE month_facts;
				    END LOOP;
				END
				$$""");
		execute(connection, "RESET work_mem");
	}

}
