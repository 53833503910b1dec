package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks that the rollups say exactly what a recomputation from the usage facts says. */
public final class RollupAssertions {

	private RollupAssertions() {
	}

	public static void assertRollupsMatchFacts(JdbcClient jdbc, String tablePattern) {
		long usageDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id,
				         count(DISTINCT statement_id) AS statements,
				         count(DISTINCT statement_id) FILTER (WHERE time_travel_kind IS NOT NULL) AS tt,
				         min(event_time) AS first_event, max(event_time) AS last_event
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name, user_name, role, source_kind, source_id),
				actual AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id, statements,
				         time_travel_statements AS tt, first_event, last_event
				  FROM usage_daily WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		long tableDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'WRITE') AS writes,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'READ' AND time_travel_kind IS NOT NULL) AS tt,
				         count(DISTINCT user_name) FILTER (WHERE role = 'READ') AS readers,
				         count(DISTINCT user_name) FILTER (WHERE role = 'WRITE') AS writers,
				         count(DISTINCT user_name) AS users,
				         max(event_time) FILTER (WHERE role = 'READ') AS last_read,
				         max(event_time) FILTER (WHERE role = 'WRITE') AS last_write
				  FROM table_access WHERE table_name LIKE :p AND role IN ('READ', 'WRITE')
				  GROUP BY business_date, table_name),
				actual AS (SELECT business_date, table_name, reads, writes, time_travel_reads, readers::bigint,
				                  writers::bigint, users::bigint, last_read, last_write
				           FROM table_daily WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		assertThat(usageDiff).as("usage_daily rows differing from the facts").isZero();
		assertThat(tableDiff).as("table_daily rows differing from the facts").isZero();
	}

}
