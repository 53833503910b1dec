package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks that the column impact's rollups say exactly what a recomputation from the facts says. */
final class ColumnImpactAssertions {

	private ColumnImpactAssertions() {
	}

	static void assertColumnImpactMatchesFacts(JdbcClient jdbc, String tablePattern) {
		assertThat(RollupAssertions.difference(jdbc, tablePattern, """
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
		assertThat(RollupAssertions.difference(jdbc, tablePattern, """
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
	}

}
