package io.lakegov.usage.internal;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Rankings and per-user views, from the rollups only (never the facts). */
@Repository
class RankingRepository {

	private final JdbcClient jdbc;

	RankingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Tables by read statements, from {@code table_daily}: one row per table and day. */
	List<TableRank> tablesByReads(DateRange range, int limit) {
		return jdbc.sql("""
				SELECT table_name, sum(reads) AS reads, sum(writes) AS writes, sum(time_travel_reads) AS tt
				FROM table_daily
				WHERE business_date BETWEEN :from AND :to
				GROUP BY table_name
				ORDER BY reads DESC, table_name
				LIMIT :limit""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), null))
			.list();
	}

	/**
	 * Tables by distinct readers. Distinct users do not add up across days, so this one reads
	 * {@code usage_daily}.
	 */
	List<TableRank> tablesByUsers(DateRange range, int limit) {
		return jdbc.sql("""
				SELECT table_name,
				       sum(statements) FILTER (WHERE role = 'READ') AS reads,
				       sum(statements) FILTER (WHERE role = 'WRITE') AS writes,
				       sum(time_travel_statements) FILTER (WHERE role = 'READ') AS tt,
				       count(DISTINCT user_name) FILTER (WHERE role = 'READ') AS users
				FROM usage_daily
				WHERE business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')
				GROUP BY table_name
				ORDER BY users DESC, table_name
				LIMIT :limit""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
					rs.getLong(5)))
			.list();
	}

	List<UserRank> users(DateRange range, int limit) {
		return jdbc.sql("""
				SELECT user_name,
				       coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0) AS reads,
				       coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0) AS writes,
				       count(DISTINCT table_name) AS tables
				FROM usage_daily
				WHERE business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')
				GROUP BY user_name
				ORDER BY sum(statements) DESC, user_name
				LIMIT :limit""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new UserRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)))
			.list();
	}

	/** The tables one user read or wrote, most statements first, with the total count. */
	List<Counted<UserTable>> userTables(String user, DateRange range, PageRequest page) {
		return jdbc.sql("""
				SELECT table_name,
				       coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0) AS reads,
				       coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0) AS writes,
				       coalesce(sum(time_travel_statements) FILTER (WHERE role = 'READ'), 0) AS tt,
				       max(last_event) AS last_event,
				       count(*) OVER () AS total
				FROM usage_daily
				WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')
				GROUP BY table_name
				ORDER BY sum(statements) DESC, table_name
				LIMIT :limit OFFSET :offset""")
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new UserTable(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
					TableUsageRepository.instant(rs.getTimestamp(5))), rs.getLong(6)))
			.list();
	}

	long countUserTables(String user, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT table_name) FROM usage_daily
				WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')""")
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

}
