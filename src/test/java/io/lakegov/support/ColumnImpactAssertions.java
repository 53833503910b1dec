package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks that the column impact's rollups say exactly what a recomputation from the facts says. */
final class ColumnImpactAssertions {

	private ColumnImpactAssertions() {
	}

	static void assertColumnImpactMatchesFacts(JdbcClient jdbc, String tablePattern) {
		assertThat(difference(jdbc, tablePattern, """
				WITH expected AS (
				  SELECT table_name, column_name, business_date, role, source_kind, source_id,
				         count(DISTINCT (source, statement_id)) AS statements, max(event_time) AS last_event
				  FROM column_access WHERE table_name LIKE :p AND resolution = 'RESOLVED'
				  GROUP BY table_name, column_name, business_date, role, source_kind, source_id),
				actual AS (
				  SELECT table_name, column_name, business_date, role, source_kind, source_id, statements, last_event
				  FROM column_source_daily WHERE table_name LIKE :p)"""))
			.as("column_source_daily rows differing from the column facts")
			.isZero();
		assertThat(difference(jdbc, tablePattern, """
				WITH expected AS (
				  SELECT r.table_name, r.column_name, r.business_date, w.table_name AS target_table,
				         count(DISTINCT (r.source, r.statement_id)) AS statements, max(r.event_time) AS last_event
				  FROM column_access r
				  JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				      AND w.table_name <> r.table_name
				      AND coalesce(w.statement_kind, '') NOT IN ('CREATE_VIEW', 'ALTER_VIEW', 'CREATE_MATERIALIZED_VIEW',
				                                                 'CREATE_METRIC_VIEW')
				  WHERE r.table_name LIKE :p AND r.role = 'READ' AND r.resolution = 'RESOLVED'
				  GROUP BY r.table_name, r.column_name, r.business_date, w.table_name),
				actual AS (
				  SELECT table_name, column_name, business_date, target_table, statements, last_event
				  FROM column_downstream_daily WHERE table_name LIKE :p)"""))
			.as("column_downstream_daily rows differing from the facts")
			.isZero();
		// a definition counts unless it is a CREATE VIEW IF NOT EXISTS while an earlier definition stands
		// (no drop of the view between them); views named like the tables (tests that write view facts
		// straight into table_access, as the view graph's do, bypass the ingestion that keeps these)
		assertThat(difference(jdbc, tablePattern, """
				WITH events AS (
				  SELECT w.table_name AS view_name, w.source, w.statement_id, w.event_time, w.statement_kind
				  FROM table_access w
				  WHERE w.table_name LIKE :p AND w.role = 'WRITE' AND coalesce(w.execution_status, 'FINISHED') = 'FINISHED'
				    AND (w.statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW',
				                              'DROP_VIEW', 'DROP_TABLE')
				         OR w.statement_kind = 'ALTER_VIEW' AND EXISTS (SELECT 1 FROM table_access r
				             WHERE r.source = w.source AND r.statement_id = w.statement_id AND r.role = 'READ'
				               AND r.table_name <> w.table_name))),
				definitions AS (
				  SELECT e.*, (SELECT bool_or(s.only_if_absent)
				               FROM query_history q JOIN statement_analysis s ON s.text_hash = q.text_hash
				                   AND s.analyzer_version = q.analyzer_version
				               WHERE q.source = e.source AND q.statement_id = e.statement_id) AS if_absent
				  FROM events e WHERE e.statement_kind NOT LIKE 'DROP%'),
				effective AS (
				  SELECT d.* FROM definitions d
				  WHERE d.if_absent IS NOT TRUE OR NOT EXISTS (
				      SELECT 1 FROM definitions p
				      WHERE p.view_name = d.view_name
				        AND (p.event_time, p.source, p.statement_id) < (d.event_time, d.source, d.statement_id)
				        AND NOT EXISTS (SELECT 1 FROM events x
				                        WHERE x.view_name = d.view_name AND x.statement_kind LIKE 'DROP%'
				                          AND (x.event_time, x.source, x.statement_id) > (p.event_time, p.source, p.statement_id)
				                          AND (x.event_time, x.source, x.statement_id) < (d.event_time, d.source, d.statement_id)))),
				expected AS (
				  SELECT e.view_name, e.source, e.statement_id, e.event_time FROM effective e
				  WHERE NOT EXISTS (SELECT 1 FROM effective l WHERE l.view_name = e.view_name
				                      AND (l.event_time, l.source, l.statement_id) > (e.event_time, e.source, e.statement_id))),
				actual AS (SELECT view_name, source, statement_id, defined_at FROM view_latest_definition
				           WHERE view_name LIKE :p)"""))
			.as("view_latest_definition rows differing from the facts")
			.isZero();
		assertThat(difference(jdbc, tablePattern, """
				WITH expected AS (
				  SELECT DISTINCT r.table_name, r.column_name, v.view_name, v.defined_at
				  FROM view_latest_definition v
				  JOIN column_access r ON r.source = v.source AND r.statement_id = v.statement_id
				  WHERE r.table_name LIKE :p AND r.role = 'READ' AND r.resolution = 'RESOLVED'),
				actual AS (SELECT table_name, column_name, view_name, defined_at FROM column_view_reads
				           WHERE table_name LIKE :p)"""))
			.as("column_view_reads rows differing from the views' latest definitions")
			.isZero();
	}

	private static long difference(JdbcClient jdbc, String tablePattern, String expectedAndActual) {
		return jdbc.sql(expectedAndActual + """

				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
	}

}
