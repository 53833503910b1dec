package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks that the cost and co-read rollups say exactly what a recomputation from the facts and the
 * statements' history rows says.
 */
public final class CostAssertions {

	/** Each (statement, read table) share, computed the way the documentation states it. */
	private static final String SHARES = """
			WITH reads AS (
			  SELECT DISTINCT source, statement_id, table_name, business_date, user_name FROM table_access
			  WHERE role = 'READ'),
			ranked AS (
			  SELECT r.*, row_number() OVER (PARTITION BY source, statement_id ORDER BY table_name) AS position,
			         count(*) OVER (PARTITION BY source, statement_id) AS n
			  FROM reads r),
			shares AS (
			  SELECT r.business_date, r.table_name, r.user_name,
			         floor(greatest(coalesce(h.total_duration_ms, 0), 0)::numeric / r.n)
			           + CASE WHEN r.position <= greatest(coalesce(h.total_duration_ms, 0), 0) % r.n THEN 1 ELSE 0 END AS d,
			         floor(greatest(coalesce(h.read_bytes, 0), 0)::numeric / r.n)
			           + CASE WHEN r.position <= greatest(coalesce(h.read_bytes, 0), 0) % r.n THEN 1 ELSE 0 END AS b
			  FROM ranked r LEFT JOIN query_history h ON h.source = r.source AND h.statement_id = r.statement_id)
			""";

	private CostAssertions() {
	}

	public static void assertCostsMatchFacts(JdbcClient jdbc) {
		assertThat(difference(jdbc, SHARES + """
				, expected AS (SELECT business_date, table_name, user_name, sum(d), sum(b) FROM shares GROUP BY 1, 2, 3),
				actual AS (SELECT business_date, table_name, user_name, duration_ms, read_bytes FROM read_cost_daily)"""))
			.as("read_cost_daily rows differing from the facts").isZero();
		assertThat(difference(jdbc, SHARES + """
				, expected AS (SELECT business_date, table_name, sum(d), sum(b) FROM shares GROUP BY 1, 2),
				actual AS (SELECT business_date, table_name, duration_ms, read_bytes FROM table_cost_daily)"""))
			.as("table_cost_daily rows differing from the facts").isZero();
		assertThat(difference(jdbc, SHARES + """
				, expected AS (SELECT business_date, user_name, sum(d), sum(b) FROM shares GROUP BY 1, 2),
				actual AS (SELECT business_date, user_name, duration_ms, read_bytes FROM user_cost_daily)"""))
			.as("user_cost_daily rows differing from the facts").isZero();
		assertThat(difference(jdbc, """
				WITH expected AS (
				  SELECT r.business_date, r.table_name, o.table_name AS other_table,
				         count(DISTINCT (r.source, r.statement_id)) AS statements, max(r.event_time) AS last_event
				  FROM table_access r
				  JOIN table_access o ON o.source = r.source AND o.statement_id = r.statement_id AND o.role = 'READ'
				      AND o.table_name <> r.table_name
				  WHERE r.role = 'READ'
				  GROUP BY r.business_date, r.table_name, o.table_name),
				actual AS (SELECT business_date, table_name, other_table, statements, last_event FROM co_read_daily)"""))
			.as("co_read_daily rows differing from the facts").isZero();
	}

	private static long difference(JdbcClient jdbc, String expectedAndActual) {
		return jdbc.sql(expectedAndActual + """

				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.query(Long.class)
			.single();
	}

}
