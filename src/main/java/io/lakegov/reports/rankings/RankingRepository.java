package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.Counted;
import io.lakegov.reports.QueryGroupRepository;
import io.lakegov.reports.TableUsageRepository;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.QueryGroupRepository.saturated;

/** Rankings and per-user views, from the rollups only (never the facts). */
@Repository
class RankingRepository {

	/** The read cost of each ranked table {@code r} over the window, as {@code c(duration, bytes)}. */
	static final String TABLE_COST = """
			LEFT JOIN LATERAL (SELECT sum(x.duration_ms) AS duration, sum(x.read_bytes) AS bytes FROM table_cost_daily x
			                   WHERE x.table_name = r.table_name AND x.business_date BETWEEN :from AND :to) c ON true
			""";

	/** The read cost of each ranked user {@code r} over the window, as {@code c(duration, bytes)}. */
	static final String USER_COST = """
			LEFT JOIN LATERAL (SELECT sum(x.duration_ms) AS duration, sum(x.read_bytes) AS bytes FROM user_cost_daily x
			                   WHERE x.user_name = r.user_name AND x.business_date BETWEEN :from AND :to) c ON true
			""";

	private final JdbcClient jdbc;

	RankingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Tables by read statements, from {@code table_daily}: one row per table and day. */
	List<TableRank> tablesByReads(DateRange range, int limit) {
		return jdbc.sql("""
				WITH ranked AS (
				    SELECT table_name, sum(reads) AS reads, sum(writes) AS writes, sum(time_travel_reads) AS tt,
				           sum(lineage_only_reads) AS lineage_only
				    FROM table_daily
				    WHERE business_date BETWEEN :from AND :to
				    GROUP BY table_name
				    ORDER BY reads DESC, table_name
				    LIMIT :limit)
				SELECT r.table_name, r.reads, r.writes, r.tt, r.lineage_only, c.duration, c.bytes
				FROM ranked r
				""" + TABLE_COST + """
				ORDER BY r.reads DESC, r.table_name""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), null,
					saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7))))
			.list();
	}

	/**
	 * Tables by distinct readers. Distinct users do not add up across days, so they are counted from
	 * the (day, table, user) rows of {@code table_user_daily}, deduplicated per table before counting
	 * (one hash pass, no sort per table); the statement counts of the chosen tables come from
	 * {@code table_daily}.
	 */
	List<TableRank> tablesByUsers(DateRange range, int limit) {
		return jdbc.sql("""
				WITH readers AS (
				    SELECT table_name, count(*) AS users
				    FROM (SELECT DISTINCT table_name, user_name FROM table_user_daily
				          WHERE role = 'READ' AND business_date BETWEEN :from AND :to) pairs
				    GROUP BY table_name
				    ORDER BY users DESC, table_name
				    LIMIT :limit)
				SELECT r.table_name, sum(d.reads), sum(d.writes), sum(d.time_travel_reads), r.users,
				       sum(d.lineage_only_reads),
				       (SELECT sum(c.duration_ms) FROM table_cost_daily c
				        WHERE c.table_name = r.table_name AND c.business_date BETWEEN :from AND :to),
				       (SELECT sum(c.read_bytes) FROM table_cost_daily c
				        WHERE c.table_name = r.table_name AND c.business_date BETWEEN :from AND :to)
				FROM readers r
				JOIN table_daily d ON d.table_name = r.table_name AND d.business_date BETWEEN :from AND :to
				GROUP BY r.table_name, r.users
				ORDER BY r.users DESC, r.table_name""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
					rs.getLong(6), rs.getLong(5), saturated(rs.getBigDecimal(7)), saturated(rs.getBigDecimal(8))))
			.list();
	}

	/**
	 * Users by table accesses, from {@code user_daily}; the distinct tables of the chosen users only
	 * come from {@code table_user_daily}.
	 */
	List<UserRank> users(DateRange range, int limit) {
		return jdbc.sql("""
				WITH ranked AS (
				    SELECT user_name, sum(reads) AS reads, sum(writes) AS writes, sum(lineage_only) AS lineage_only
				    FROM user_daily
				    WHERE business_date BETWEEN :from AND :to
				    GROUP BY user_name
				    ORDER BY sum(reads + writes) DESC, user_name
				    LIMIT :limit)
				SELECT r.user_name, r.reads, r.writes, r.lineage_only,
				       (SELECT count(DISTINCT t.table_name) FROM table_user_daily t
				        WHERE t.user_name = r.user_name AND t.business_date BETWEEN :from AND :to
				          AND t.role IN ('READ', 'WRITE')) AS tables,
				       c.duration, c.bytes
				FROM ranked r
				""" + USER_COST + """
				ORDER BY r.reads + r.writes DESC, r.user_name""")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((rs, n) -> new UserRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
					saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7))))
			.list();
	}

	/** The users active over the range whose name holds the text (in lower case), most active first. */
	List<String> usersContaining(DateRange range, String text, int limit) {
		return jdbc.sql("""
				SELECT user_name FROM user_daily
				WHERE business_date BETWEEN :from AND :to AND strpos(lower(user_name), :text) > 0
				GROUP BY user_name
				ORDER BY sum(reads + writes) DESC, user_name
				LIMIT :limit""")
			.param("from", range.from())
			.param("to", range.to())
			.param("text", text)
			.param("limit", limit)
			.query(String.class)
			.list();
	}

	/**
	 * One user's read cost per table over the range, in one pass over the user's rows ({@code read_cost_daily_user}):
	 * looking each table up by the primary key would walk every user's rows of that table on those days.
	 * Materialized so that the planner does not push a table filter into it and take the primary key.
	 */
	static final String USER_TABLE_COST = """
			cost AS MATERIALIZED (
			    SELECT x.table_name, sum(x.duration_ms) AS duration, sum(x.read_bytes) AS bytes
			    FROM read_cost_daily x
			    WHERE x.user_name = :user AND x.business_date BETWEEN :from AND :to
			    GROUP BY x.table_name)
			""";

	/** The tables one user read or wrote, most statements first, with the total count. */
	List<Counted<UserTable>> userTables(String user, DateRange range, PageRequest page) {
		return jdbc.sql("""
				WITH page AS (
				    SELECT table_name,
				           coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0) AS reads,
				           coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0) AS writes,
				           coalesce(sum(time_travel_statements) FILTER (WHERE role = 'READ'), 0) AS tt,
				           max(last_event) AS last_event, sum(statements) AS statements,
				           count(*) OVER () AS total
				    FROM table_user_daily
				    WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')
				    GROUP BY table_name
				    ORDER BY sum(statements) DESC, table_name
				    LIMIT :limit OFFSET :offset),
				""" + USER_TABLE_COST + """
				SELECT p.table_name, p.reads, p.writes, p.tt, p.last_event, p.total, c.duration, c.bytes
				FROM page p
				LEFT JOIN cost c ON c.table_name = p.table_name
				ORDER BY p.statements DESC, p.table_name""")
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new UserTable(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
					TableUsageRepository.instant(rs.getTimestamp(5)), saturated(rs.getBigDecimal(7)),
					saturated(rs.getBigDecimal(8))), rs.getLong(6)))
			.list();
	}

	long countUserTables(String user, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT table_name) FROM table_user_daily
				WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')""")
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

}
