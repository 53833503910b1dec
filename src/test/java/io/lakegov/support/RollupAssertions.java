package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks that the rollups say exactly what a recomputation from the usage facts says. */
public final class RollupAssertions {

	private RollupAssertions() {
	}

	public static void assertRollupsMatchFacts(JdbcClient jdbc, String tablePattern) {
		assertRollupsMatchFacts(jdbc, tablePattern, true);
	}

	/**
	 * The rollups of the table facts only, for facts written straight through the usage fact repository:
	 * the column rollups are kept by the column fact writes, which such facts skip.
	 */
	public static void assertTableRollupsMatchFacts(JdbcClient jdbc, String tablePattern) {
		assertRollupsMatchFacts(jdbc, tablePattern, false);
	}

	private static void assertRollupsMatchFacts(JdbcClient jdbc, String tablePattern, boolean columns) {
		long usageDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id,
				         count(DISTINCT (source, statement_id)) AS statements,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE time_travel_kind IS NOT NULL) AS tt,
				         min(event_time) AS first_event, max(event_time) AS last_event,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE witness = 'ENGINE_LINEAGE') AS lineage_only
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name, user_name, role, source_kind, source_id),
				actual AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id, statements,
				         time_travel_statements AS tt, first_event, last_event, lineage_only_statements
				  FROM usage_daily WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		long tableDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'WRITE') AS writes,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ' AND time_travel_kind IS NOT NULL) AS tt,
				         count(DISTINCT user_name) FILTER (WHERE role = 'READ') AS readers,
				         count(DISTINCT user_name) FILTER (WHERE role = 'WRITE') AS writers,
				         count(DISTINCT user_name) AS users,
				         max(event_time) FILTER (WHERE role = 'READ') AS last_read,
				         max(event_time) FILTER (WHERE role = 'WRITE') AS last_write,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ' AND witness = 'ENGINE_LINEAGE') AS lr,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'WRITE' AND witness = 'ENGINE_LINEAGE') AS lw
				  FROM table_access WHERE table_name LIKE :p AND role IN ('READ', 'WRITE')
				  GROUP BY business_date, table_name),
				actual AS (SELECT business_date, table_name, reads, writes, time_travel_reads, readers::bigint,
				                  writers::bigint, users::bigint, last_read, last_write, lineage_only_reads,
				                  lineage_only_writes
				           FROM table_daily WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		long lineageDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT r.business_date, r.table_name AS source_table, w.table_name AS target_table,
				         count(DISTINCT (r.source, r.statement_id)) AS statements, max(r.event_time) AS last_event
				  FROM table_access r
				  JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				      AND w.table_name <> r.table_name
				  WHERE r.role = 'READ' AND r.table_name LIKE :p
				  GROUP BY r.business_date, r.table_name, w.table_name),
				actual AS (SELECT business_date, source_table, target_table, statements, last_event
				           FROM table_lineage_daily WHERE source_table LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		long summaryDiff = jdbc.sql("""
				WITH per_day AS (
				  -- statements are counted per day, as in table_daily (this test spreads a statement's
				  -- accesses over days, which real statements never do)
				  SELECT table_name, business_date,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'WRITE') AS writes,
				         max(event_time) FILTER (WHERE role = 'READ') AS last_read,
				         max(event_time) FILTER (WHERE role = 'WRITE') AS last_write
				  FROM table_access WHERE table_name LIKE :p AND role IN ('READ', 'WRITE')
				  GROUP BY table_name, business_date),
				expected AS (
				  SELECT table_name, min(business_date) AS first_date, max(business_date) AS last_date,
				         sum(reads) AS reads, sum(writes) AS writes, max(last_read) AS last_read,
				         max(last_write) AS last_write, max(business_date) FILTER (WHERE reads > 0) AS last_read_date,
				         max(business_date) FILTER (WHERE writes > 0) AS last_write_date
				  FROM per_day GROUP BY table_name),
				actual AS (SELECT table_name, first_date, last_date, reads, writes, last_read, last_write,
				                  last_read_date, last_write_date
				           FROM table_summary WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		assertThat(lineageDiff).as("table_lineage_daily rows differing from the facts").isZero();
		assertThat(summaryDiff).as("table_summary rows differing from the facts").isZero();
		assertSourcelessRollupsMatchFacts(jdbc, tablePattern);
		if (columns) {
			long columnDiff = difference(jdbc, tablePattern, """
					WITH expected AS (
					  SELECT table_name, business_date, column_name, role, resolution, user_name,
					         count(DISTINCT (source, statement_id)) AS statements, min(event_time) AS first_event,
					         max(event_time) AS last_event
					  FROM column_access WHERE table_name LIKE :p
					  GROUP BY table_name, business_date, column_name, role, resolution, user_name),
					actual AS (
					  SELECT table_name, business_date, column_name, role, resolution, user_name, statements, first_event,
					         last_event
					  FROM column_daily WHERE table_name LIKE :p)""");
			assertThat(columnDiff).as("column_daily rows differing from the column facts").isZero();
			ColumnImpactAssertions.assertColumnImpactMatchesFacts(jdbc, tablePattern);
		}
		CostAssertions.assertCostsMatchFacts(jdbc);
		QueryAssertions.assertQueriesMatchFacts(jdbc);
		assertViewReadSetsMatchFacts(jdbc, tablePattern);
		assertThat(usageDiff).as("usage_daily rows differing from the facts").isZero();
		assertThat(tableDiff).as("table_daily rows differing from the facts").isZero();
	}

	/**
	 * {@code table_user_daily}, {@code table_source_daily} and {@code user_daily}. Users' rows cover all
	 * their tables, so they are checked for every user of a matching table and every user whose name
	 * matches (tests name their users after their tables, so rows left behind are caught too).
	 */
	private static void assertSourcelessRollupsMatchFacts(JdbcClient jdbc, String tablePattern) {
		long tableUserDiff = difference(jdbc, tablePattern, """
				WITH expected AS (
				  SELECT business_date, table_name, user_name, role, count(DISTINCT (source, statement_id)) AS statements,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE time_travel_kind IS NOT NULL) AS tt,
				         min(event_time) AS first_event, max(event_time) AS last_event,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE witness = 'ENGINE_LINEAGE') AS lineage_only
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name, user_name, role),
				actual AS (
				  SELECT business_date, table_name, user_name, role, statements, time_travel_statements,
				         first_event, last_event, lineage_only_statements
				  FROM table_user_daily WHERE table_name LIKE :p)""");
		long tableSourceDiff = difference(jdbc, tablePattern, """
				WITH expected AS (
				  SELECT business_date, table_name, role, source_kind, source_id,
				         count(DISTINCT (source, statement_id)) AS statements, max(event_time) AS last_event,
				         count(DISTINCT (source, statement_id)) FILTER (WHERE witness = 'ENGINE_LINEAGE') AS lineage_only
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name, role, source_kind, source_id),
				actual AS (
				  SELECT business_date, table_name, role, source_kind, source_id, statements, last_event,
				         lineage_only_statements
				  FROM table_source_daily WHERE table_name LIKE :p)""");
		long userDiff = difference(jdbc, tablePattern, """
				WITH users AS (
				  SELECT user_name FROM table_access WHERE table_name LIKE :p
				  UNION SELECT user_name FROM user_daily WHERE user_name LIKE :p),
				expected AS (
				  -- table accesses: a statement reading two tables counts twice
				  SELECT business_date, user_name,
				         count(DISTINCT (table_name, source, statement_id)) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT (table_name, source, statement_id)) FILTER (WHERE role = 'WRITE') AS writes,
				         count(DISTINCT (table_name, source, statement_id, role)) FILTER (WHERE witness = 'ENGINE_LINEAGE') AS lo
				  FROM table_access WHERE user_name IN (SELECT user_name FROM users) AND role IN ('READ', 'WRITE')
				  GROUP BY business_date, user_name),
				actual AS (
				  SELECT business_date, user_name, reads, writes, lineage_only
				  FROM user_daily WHERE user_name IN (SELECT user_name FROM users))""");
		assertThat(tableUserDiff).as("table_user_daily rows differing from the facts").isZero();
		assertThat(tableSourceDiff).as("table_source_daily rows differing from the facts").isZero();
		assertThat(userDiff).as("user_daily rows differing from the facts").isZero();
	}

	/** Rows in one of the CTEs {@code expected} and {@code actual} but not in the other. */
	static long difference(JdbcClient jdbc, String tablePattern, String expectedAndActual) {
		return jdbc.sql(expectedAndActual + """

				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
	}


	/**
	 * {@code view_name} holds every name the facts' view statements and the inventory make views, and
	 * {@code view_read_set_daily} counts the statements reading each set of two or more of them, for the
	 * sets with a name like the pattern.
	 */
	public static void assertViewReadSetsMatchFacts(JdbcClient jdbc, String tablePattern) {
		long missingNames = jdbc.sql("""
				SELECT count(*) FROM (
				    SELECT table_name FROM table_access
				    WHERE statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW')
				      AND role = 'WRITE' AND table_name LIKE :p
				    UNION
				    SELECT a.table_name FROM table_access n
				    JOIN table_access a ON a.source = n.source AND a.statement_id = n.statement_id AND a.role = 'WRITE'
				    WHERE n.statement_kind = 'ALTER_TABLE' AND n.access_no = 1 AND a.table_name LIKE :p
				    UNION
				    SELECT full_name FROM view_inventory WHERE full_name LIKE :p) x
				WHERE NOT EXISTS (SELECT 1 FROM view_name v WHERE v.table_name = x.table_name)""")
			.param("p", tablePattern)
			.query(Long.class)
			.single();
		assertThat(missingNames).as("view names missing from view_name").isZero();
		long setDiff = difference(jdbc, tablePattern, """
				WITH sets AS (
				  SELECT a.business_date, min(a.user_name) AS user_name, min(a.source_kind) AS source_kind,
				         array_agg(DISTINCT a.table_name ORDER BY a.table_name) AS views
				  FROM table_access a JOIN view_name n ON n.table_name = a.table_name
				  WHERE a.role = 'READ'
				  GROUP BY a.source, a.statement_id, a.business_date
				  HAVING count(DISTINCT a.table_name) > 1),
				expected AS (
				  SELECT business_date, user_name, source_kind, views, count(*) AS statements FROM sets
				  WHERE EXISTS (SELECT 1 FROM unnest(views) AS v (name) WHERE v.name LIKE :p)
				  GROUP BY business_date, user_name, source_kind, views),
				actual AS (
				  SELECT business_date, user_name, source_kind, views, statements FROM view_read_set_daily
				  WHERE EXISTS (SELECT 1 FROM unnest(views) AS v (name) WHERE v.name LIKE :p))""");
		assertThat(setDiff).as("view_read_set_daily rows differing from the facts").isZero();
	}

}
