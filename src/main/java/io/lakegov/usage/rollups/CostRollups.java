package io.lakegov.usage.rollups;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.usage.UsageFact;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Keeps {@code read_cost_daily}, {@code table_cost_daily} and {@code user_cost_daily} equal to what the
 * facts and the newest history row of each statement say: a statement's duration and bytes read, split
 * evenly over the distinct tables it read (the first {@code value mod n} tables by name get one more, so
 * the shares add up exactly). Runs in the batch's transaction after the facts were replaced and the
 * history rows stored; the shares are computed in SQL from both, so the delta and the rebuild agree.
 */
@Repository
class CostRollups {

	/**
	 * Each (statement, read table) share of the statements in {@code s(source, statement_id)}, as
	 * {@code shares(source, statement_id, table_name, business_date, user_name, duration_ms, read_bytes)}.
	 * Statement ids are unique only within a source: a statement is always (source, statement_id).
	 */
	private static final String SHARES = """
			shares AS (
			    SELECT r.source, r.statement_id, r.table_name, r.business_date, r.user_name,
			           d.value / r.n + CASE WHEN r.k < d.value % r.n THEN 1 ELSE 0 END AS duration_ms,
			           b.value / r.n + CASE WHEN r.k < b.value % r.n THEN 1 ELSE 0 END AS read_bytes
			    FROM (SELECT a.source, a.statement_id, a.table_name, a.business_date, a.user_name,
			                 row_number() OVER (PARTITION BY a.source, a.statement_id ORDER BY a.table_name) - 1 AS k,
			                 count(*) OVER (PARTITION BY a.source, a.statement_id) AS n
			          FROM (SELECT DISTINCT s.source, s.statement_id, f.table_name, f.business_date, f.user_name
			                FROM s CROSS JOIN LATERAL (
			                    SELECT f.table_name, f.business_date, f.user_name FROM table_access f
			                    WHERE f.source = s.source AND f.statement_id = s.statement_id AND f.role = 'READ'
			                    OFFSET 0) f) a) r
			    LEFT JOIN LATERAL (
			        SELECT h.total_duration_ms, h.read_bytes FROM query_history h
			        WHERE h.source = r.source AND h.statement_id = r.statement_id LIMIT 1) h ON true
			    CROSS JOIN LATERAL (SELECT greatest(coalesce(h.total_duration_ms, 0), 0) AS value) d
			    CROSS JOIN LATERAL (SELECT greatest(coalesce(h.read_bytes, 0), 0) AS value) b)
			""";

	private final JdbcClient jdbc;

	CostRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Rebuilds the cost rows of the (day, table) pairs from the facts of every source, and the per-table and
	 * per-user rows they feed.
	 */
	void rebuild(DayTablePairs pairs) {
		Set<DayUser> users = new LinkedHashSet<>();
		users.addAll(jdbc.sql("""
				DELETE FROM read_cost_daily c
				USING rollup_pair t
				WHERE c.table_name = t.table_name AND c.business_date = t.business_date
				RETURNING c.business_date, c.user_name""")
			.query((rs, n) -> new DayUser(rs.getDate(1), rs.getString(2)))
			.list());
		users.addAll(jdbc.sql("""
				WITH p AS (SELECT * FROM rollup_pair t),
				s AS (SELECT DISTINCT f.source, f.statement_id FROM p
				      JOIN table_access f ON f.table_name = p.table_name AND f.business_date = p.business_date
				          AND f.role = 'READ'),
				""" + SHARES + """
				INSERT INTO read_cost_daily (business_date, table_name, user_name, duration_ms, read_bytes)
				SELECT x.business_date, x.table_name, x.user_name, sum(x.duration_ms), sum(x.read_bytes)
				FROM shares x
				JOIN p ON p.table_name = x.table_name AND p.business_date = x.business_date
				GROUP BY x.business_date, x.table_name, x.user_name
				RETURNING business_date, user_name""")
			.query((rs, n) -> new DayUser(rs.getDate(1), rs.getString(2)))
			.list());
		rebuildTables(pairs);
		rebuildUsers(users);
	}

	private void rebuildTables(DayTablePairs touched) {
		touched.delete(jdbc, "table_cost_daily", "table_name");
		jdbc.sql("""
				INSERT INTO table_cost_daily (business_date, table_name, duration_ms, read_bytes)
				SELECT c.business_date, c.table_name, sum(c.duration_ms), sum(c.read_bytes)
				FROM rollup_pair t
				JOIN read_cost_daily c ON c.table_name = t.table_name AND c.business_date = t.business_date
				GROUP BY c.business_date, c.table_name""")
			.update();
	}

	private void rebuildUsers(Set<DayUser> touched) {
		if (touched.isEmpty()) {
			return;
		}
		Object[] users = touched.stream().map(DayUser::user).toArray();
		Object[] dates = touched.stream().map(DayUser::date).toArray();
		jdbc.sql("""
				DELETE FROM user_cost_daily d
				USING unnest(:users::text[], :dates::date[]) AS t(user_name, business_date)
				WHERE d.user_name = t.user_name AND d.business_date = t.business_date""")
			.param("users", new SqlArrayValue("text", users))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO user_cost_daily (business_date, user_name, duration_ms, read_bytes)
				SELECT c.business_date, c.user_name, sum(c.duration_ms), sum(c.read_bytes)
				FROM unnest(:users::text[], :dates::date[]) AS t(user_name, business_date)
				JOIN read_cost_daily c ON c.user_name = t.user_name AND c.business_date = t.business_date
				GROUP BY c.business_date, c.user_name""")
			.param("users", new SqlArrayValue("text", users))
			.param("dates", new SqlArrayValue("date", dates))
			.update();
	}

	private record DayUser(java.sql.Date date, String user) {
	}

}
