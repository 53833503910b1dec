package io.lakegov.impact;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads the usage rollups an impact report is made of; never the facts themselves. */
@Repository
class ImpactRepository {

	private final JdbcClient jdbc;

	ImpactRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Per role, one row per user (from {@code table_user_daily}) and one row per query source (from
	 * {@code table_source_daily}): neither pays for the other's dimension, which on a busy table
	 * multiplies the rows many times over.
	 */
	List<UsageRow> usage(String table, DateRange range) {
		return jdbc.sql("""
				SELECT role, true AS by_user, user_name, NULL AS source_kind, NULL AS source_id,
				       sum(statements) AS statements, sum(time_travel_statements) AS time_travel,
				       max(last_event) AS last_event
				FROM table_user_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to
				GROUP BY role, user_name
				UNION ALL
				SELECT role, false, NULL, source_kind, source_id, sum(statements), 0, max(last_event)
				FROM table_source_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to
				GROUP BY role, source_kind, source_id""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new UsageRow(rs.getString("role"), rs.getBoolean("by_user"), rs.getString("user_name"),
					rs.getString("source_kind"), rs.getString("source_id"), rs.getLong("statements"),
					rs.getLong("time_travel"), instant(rs.getTimestamp("last_event"))))
			.list();
	}

	List<LinkedTable> downstream(String table, DateRange range, int limit) {
		return linked("""
				SELECT target_table, sum(statements), max(last_event) FROM table_lineage_daily
				WHERE source_table = :table AND business_date BETWEEN :from AND :to
				GROUP BY target_table ORDER BY sum(statements) DESC, target_table LIMIT :limit""", table, range, limit);
	}

	List<LinkedTable> upstream(String table, DateRange range, int limit) {
		return linked("""
				SELECT source_table, sum(statements), max(last_event) FROM table_lineage_daily
				WHERE target_table = :table AND business_date BETWEEN :from AND :to
				GROUP BY source_table ORDER BY sum(statements) DESC, source_table LIMIT :limit""", table, range, limit);
	}

	/** The latest read and write ever recorded. */
	LastAccess lastAccess(String table) {
		return jdbc.sql("SELECT last_read, last_write FROM table_summary WHERE table_name = :table")
			.param("table", table)
			.query((rs, n) -> new LastAccess(instant(rs.getTimestamp(1)), instant(rs.getTimestamp(2))))
			.optional()
			.orElse(new LastAccess(null, null));
	}

	private List<LinkedTable> linked(String sql, String table, DateRange range, int limit) {
		return jdbc.sql(sql)
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new LinkedTable(rs.getString(1), rs.getLong(2), instant(rs.getTimestamp(3))))
			.list();
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	record LastAccess(Instant read, Instant write) {
	}

	record UsageRow(String role, boolean byUser, String user, String sourceKind, String sourceId, long statements,
			long timeTravel, Instant last) {
	}

}
