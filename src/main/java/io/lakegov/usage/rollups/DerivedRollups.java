package io.lakegov.usage.rollups;

import java.sql.Date;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Rebuilds the rollups without the query-source dimension ({@code table_user_daily},
 * {@code table_source_daily}, {@code user_daily}, and {@code table_daily} from them) for (day, table)
 * pairs. They are derived from the freshly rebuilt {@code usage_daily} rows of those pairs, which are several
 * times fewer than the facts behind them.
 */
@Repository
class DerivedRollups {

	private final JdbcClient jdbc;

	DerivedRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Rebuilds the rows of the given (day, table) pairs; runs in the transaction that rebuilt
	 * {@code usage_daily} for them.
	 */
	void rebuild(DayTablePairs pairs) {
		Set<DayUser> users = new HashSet<>(jdbc.sql("""
				DELETE FROM table_user_daily u
				USING rollup_pair t
				WHERE u.table_name = t.table_name AND u.business_date = t.business_date
				RETURNING u.business_date, u.user_name""")
			.query((rs, n) -> new DayUser(rs.getObject(1, LocalDate.class), rs.getString(2)))
			.list());
		// a statement's facts all carry its one query source: summing over sources counts it once
		users.addAll(jdbc.sql("""
				INSERT INTO table_user_daily (business_date, table_name, user_name, role, statements,
				    time_travel_statements, first_event, last_event, lineage_only_statements)
				SELECT u.business_date, u.table_name, u.user_name, u.role, sum(u.statements),
				       sum(u.time_travel_statements), min(u.first_event), max(u.last_event),
				       sum(u.lineage_only_statements)
				FROM rollup_pair t
				JOIN usage_daily u ON u.table_name = t.table_name AND u.business_date = t.business_date
				GROUP BY u.business_date, u.table_name, u.user_name, u.role
				RETURNING business_date, user_name""")
			.query((rs, n) -> new DayUser(rs.getObject(1, LocalDate.class), rs.getString(2)))
			.list());
		pairs.delete(jdbc, "table_source_daily", "table_name");
		jdbc.sql("""
				INSERT INTO table_source_daily (business_date, table_name, role, source_kind, source_id, statements,
				    last_event, lineage_only_statements)
				SELECT u.business_date, u.table_name, u.role, u.source_kind, u.source_id, sum(u.statements),
				       max(u.last_event), sum(u.lineage_only_statements)
				FROM rollup_pair t
				JOIN usage_daily u ON u.table_name = t.table_name AND u.business_date = t.business_date
				GROUP BY u.business_date, u.table_name, u.role, u.source_kind, u.source_id""")
			.update();
		rebuildUsers(List.copyOf(users));
	}

	/**
	 * Rebuilds {@code table_daily} for the given (day, table) pairs from their {@code table_user_daily}
	 * rows, which hold one row per user and role: distinct readers and writers are counted there.
	 */
	void rebuildTableDaily(DayTablePairs pairs) {
		pairs.delete(jdbc, "table_daily", "table_name");
		jdbc.sql("""
				INSERT INTO table_daily (business_date, table_name, reads, writes, time_travel_reads, readers, writers,
				    users, last_read, last_write, lineage_only_reads, lineage_only_writes)
				SELECT u.business_date, u.table_name,
				       coalesce(sum(u.statements) FILTER (WHERE u.role = 'READ'), 0),
				       coalesce(sum(u.statements) FILTER (WHERE u.role = 'WRITE'), 0),
				       coalesce(sum(u.time_travel_statements) FILTER (WHERE u.role = 'READ'), 0),
				       count(*) FILTER (WHERE u.role = 'READ'),
				       count(*) FILTER (WHERE u.role = 'WRITE'),
				       count(DISTINCT u.user_name),
				       max(u.last_event) FILTER (WHERE u.role = 'READ'),
				       max(u.last_event) FILTER (WHERE u.role = 'WRITE'),
				       coalesce(sum(u.lineage_only_statements) FILTER (WHERE u.role = 'READ'), 0),
				       coalesce(sum(u.lineage_only_statements) FILTER (WHERE u.role = 'WRITE'), 0)
				FROM rollup_pair t
				JOIN table_user_daily u ON u.table_name = t.table_name AND u.business_date = t.business_date
				WHERE u.role IN ('READ', 'WRITE')
				GROUP BY u.business_date, u.table_name""")
			.update();
	}

	/** A user's day changes only when one of its (day, table) rows was deleted or inserted above. */
	private void rebuildUsers(List<DayUser> touched) {
		if (touched.isEmpty()) {
			return;
		}
		Date[] dates = touched.stream().map(pair -> Date.valueOf(pair.date())).toArray(Date[]::new);
		String[] users = touched.stream().map(DayUser::user).toArray(String[]::new);
		jdbc.sql("""
				DELETE FROM user_daily d
				USING unnest(:users::text[], :dates::date[]) AS t(user_name, business_date)
				WHERE d.user_name = t.user_name AND d.business_date = t.business_date""")
			.param("users", array("text", users))
			.param("dates", array("date", dates))
			.update();
		jdbc.sql("""
				INSERT INTO user_daily (business_date, user_name, reads, writes, lineage_only)
				SELECT u.business_date, u.user_name, coalesce(sum(u.statements) FILTER (WHERE u.role = 'READ'), 0),
				       coalesce(sum(u.statements) FILTER (WHERE u.role = 'WRITE'), 0),
				       coalesce(sum(u.lineage_only_statements), 0)
				FROM unnest(:users::text[], :dates::date[]) AS t(user_name, business_date)
				JOIN table_user_daily u ON u.user_name = t.user_name AND u.business_date = t.business_date
				WHERE u.role IN ('READ', 'WRITE')
				GROUP BY u.business_date, u.user_name""")
			.param("users", array("text", users))
			.param("dates", array("date", dates))
			.update();
	}

	private static SqlArrayValue array(String sqlType, Object[] values) {
		return new SqlArrayValue(sqlType, values);
	}

	private record DayUser(LocalDate date, String user) {
	}

}
