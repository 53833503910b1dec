package io.lakegov.usage.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.usage.internal.QueryGroupRepository.saturated;
import static io.lakegov.usage.internal.TableUsageRepository.array;
import static io.lakegov.usage.internal.TableUsageRepository.instant;

/**
 * Users' reads of views, counted for the tables behind them, for the ranking of users and what one user
 * used with indirect reads; from the rollups the direct answers come from. Entries are (base table, view,
 * days the view reached the table), numbered from 1 in the given order.
 */
@Repository
class IndirectUserRepository {

	private static final String REACH = """
			WITH reach AS (
			    SELECT r.base, r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date,
			           r.entry
			    FROM unnest(CAST(:bases AS text[]), CAST(:tables AS text[]), CAST(:froms AS text[]),
			                CAST(:tos AS text[])) WITH ORDINALITY AS r (base, table_name, from_date, to_date, entry))
			""";

	private final JdbcClient jdbc;

	IndirectUserRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Per user: reads of the entries' views on their days, one per entry. */
	Map<String, Long> indirectReads(List<IndirectRankingRepository.Entry> entries) {
		Map<String, Long> reads = new HashMap<>();
		bind(jdbc.sql(REACH + """
				SELECT t.user_name, sum(t.statements)
				FROM reach r
				JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ'
				     AND t.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY t.user_name"""), entries).query(rs -> {
					reads.put(rs.getString(1), rs.getLong(2));
				});
		return reads;
	}

	/** The direct figures of the given users over the range, with their read cost. */
	List<UserRank> direct(List<String> users, DateRange range) {
		return jdbc.sql("""
				WITH ranked AS (
				    SELECT user_name, sum(reads) AS reads, sum(writes) AS writes, sum(lineage_only) AS lineage_only
				    FROM user_daily
				    WHERE user_name = ANY(:users) AND business_date BETWEEN :from AND :to
				    GROUP BY user_name)
				SELECT r.user_name, r.reads, r.writes, r.lineage_only, c.duration, c.bytes
				FROM ranked r
				""" + RankingRepository.USER_COST)
			.param("users", array("text", users.toArray(String[]::new)))
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new UserRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), 0,
					saturated(rs.getBigDecimal(5)), saturated(rs.getBigDecimal(6))))
			.list();
	}

	/** Per user of the given ones: distinct tables read or written, or reached through a view they read. */
	Map<String, Long> tables(List<String> users, List<IndirectRankingRepository.Entry> entries, DateRange range) {
		Map<String, Long> tables = new HashMap<>();
		bind(jdbc.sql(REACH + """
				SELECT user_name, count(DISTINCT table_name) FROM (
				    SELECT t.user_name, t.table_name FROM table_user_daily t
				    WHERE t.user_name = ANY(:users) AND t.business_date BETWEEN :from AND :to AND t.role IN ('READ', 'WRITE')
				    UNION
				    SELECT t.user_name, r.base FROM reach r
				    JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ'
				         AND t.business_date BETWEEN r.from_date AND r.to_date AND t.user_name = ANY(:users)) used
				GROUP BY user_name"""), entries)
			.param("users", array("text", users.toArray(String[]::new)))
			.param("from", range.from())
			.param("to", range.to())
			.query(rs -> {
				tables.put(rs.getString(1), rs.getLong(2));
			});
		return tables;
	}

	/** Every table one user read or wrote over the range (not a page: the caller adds the VIA rows). */
	List<UserTable> userTables(String user, DateRange range) {
		return jdbc.sql("""
				WITH used AS (
				    SELECT table_name,
				           coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0) AS reads,
				           coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0) AS writes,
				           coalesce(sum(time_travel_statements) FILTER (WHERE role = 'READ'), 0) AS tt,
				           max(last_event) AS last_event
				    FROM table_user_daily
				    WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')
				    GROUP BY table_name),
				""" + RankingRepository.USER_TABLE_COST + """
				SELECT u.table_name, u.reads, u.writes, u.tt, u.last_event, c.duration, c.bytes
				FROM used u
				LEFT JOIN cost c ON c.table_name = u.table_name""")
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new UserTable(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
					instant(rs.getTimestamp(5)), saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7)),
					IndirectReaders.DIRECT, null))
			.list();
	}

	/** Per entry: one user's reads of its view on its days. */
	List<EntryRow> userReads(String user, List<IndirectRankingRepository.Entry> entries) {
		return bind(jdbc.sql(REACH + """
				SELECT r.entry, sum(t.statements), sum(t.time_travel_statements), max(t.last_event)
				FROM reach r
				JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ' AND t.user_name = :user
				     AND t.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.entry"""), entries)
			.param("user", user)
			.query((rs, n) -> new EntryRow(rs.getInt(1), rs.getLong(2), rs.getLong(3), instant(rs.getTimestamp(4))))
			.list();
	}

	private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement,
			List<IndirectRankingRepository.Entry> entries) {
		return statement
			.param("bases", array("text", entries.stream().map(IndirectRankingRepository.Entry::base).toArray(String[]::new)))
			.param("tables", array("text", entries.stream().map(IndirectRankingRepository.Entry::table).toArray(String[]::new)))
			.param("froms", array("text", entries.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", array("text", entries.stream().map(e -> e.to().toString()).toArray(String[]::new)));
	}

	record EntryRow(int entry, long statements, long timeTravel, Instant last) {
	}

}
