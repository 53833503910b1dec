package io.lakegov.impact;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What the rollups of the column facts say about one column. */
@Repository
class ColumnImpactRepository {

	private final JdbcClient jdbc;

	ColumnImpactRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	record UserRow(String role, String user, long statements, Instant last) {
	}

	record SourceRow(String kind, String id, String role, long statements, Instant last) {
	}

	record Uncertain(long references, long unknownStatements) {
	}

	List<UserRow> users(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT role, user_name, sum(statements), max(last_event) FROM column_daily
				WHERE table_name = :table AND column_name = :column AND business_date BETWEEN :from AND :to
				  AND resolution = 'RESOLVED'
				GROUP BY role, user_name""")
			.params(params(table, column, window))
			.query((rs, n) -> new UserRow(rs.getString(1), rs.getString(2), rs.getLong(3), instant(rs.getTimestamp(4))))
			.list();
	}

	List<SourceRow> sources(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT source_kind, source_id, role, sum(statements), max(last_event) FROM column_source_daily
				WHERE table_name = :table AND column_name = :column AND business_date BETWEEN :from AND :to
				GROUP BY source_kind, source_id, role""")
			.params(params(table, column, window))
			.query((rs, n) -> new SourceRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4),
					instant(rs.getTimestamp(5))))
			.list();
	}

	/** Tables written by statements that read the column in the window (views apart), busiest first. */
	List<LinkedTable> downstream(String table, String column, DateRange window, int limit) {
		return jdbc.sql("""
				SELECT target_table, sum(statements) AS statements, max(last_event) FROM column_downstream_daily
				WHERE table_name = :table AND column_name = :column AND business_date BETWEEN :from AND :to
				GROUP BY target_table
				ORDER BY statements DESC, target_table
				LIMIT :limit""")
			.params(params(table, column, window))
			.param("limit", limit)
			.query((rs, n) -> new LinkedTable(rs.getString(1), rs.getLong(2), instant(rs.getTimestamp(3))))
			.list();
	}

	Uncertain uncertain(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT coalesce(sum(statements) FILTER (WHERE resolution <> 'UNKNOWN'), 0),
				       coalesce(sum(statements) FILTER (WHERE resolution = 'UNKNOWN'), 0)
				FROM column_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND resolution <> 'RESOLVED'
				  AND (column_name = :column AND resolution IN ('AMBIGUOUS', 'UNRESOLVED')
				       OR column_name = '*' AND resolution = 'UNRESOLVED' OR resolution = 'UNKNOWN')""")
			.params(params(table, column, window))
			.query((rs, n) -> new Uncertain(rs.getLong(1), rs.getLong(2)))
			.single();
	}

	/**
	 * The latest certain read or write ever recorded: on the column's latest days with one (a fact's day is
	 * its start day in the business time zone; two days more cover a change of that zone).
	 */
	Instant last(String table, String column, String role) {
		return jdbc.sql("""
				SELECT max(last_event) FROM column_daily
				WHERE table_name = :table AND column_name = :column AND role = :role AND resolution = 'RESOLVED'
				  AND business_date >= (SELECT max(business_date) - 2 FROM column_daily
				                        WHERE table_name = :table AND column_name = :column AND role = :role
				                          AND resolution = 'RESOLVED')""")
			.param("table", table)
			.param("column", column)
			.param("role", role)
			.query((rs, n) -> instant(rs.getTimestamp(1)))
			.list()
			.get(0);
	}

	/** Whether the inventory lists the column now; null when it lists no column of the table. */
	Boolean inInventory(String table, String column) {
		return jdbc.sql("""
				SELECT CASE WHEN count(*) = 0 THEN NULL ELSE bool_or(column_name = :column) END
				FROM column_inventory WHERE table_name = :table AND valid_to IS NULL""")
			.param("table", table)
			.param("column", column)
			.query((rs, n) -> (Boolean) rs.getObject(1))
			.list()
			.get(0);
	}

	private static Map<String, Object> params(String table, String column, DateRange window) {
		return Map.of("table", table, "column", column, "from", window.from(), "to", window.to());
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
