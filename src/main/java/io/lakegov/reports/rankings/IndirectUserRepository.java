package io.lakegov.reports.rankings;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.reports.IndirectReaders;
import io.lakegov.reports.QueryGroupRepository;
import io.lakegov.reports.TableUsageRepository;
import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.QueryGroupRepository.saturated;
import static io.lakegov.reports.TableUsageRepository.array;
import static io.lakegov.reports.TableUsageRepository.instant;

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

	/**
	 * Every user's direct read and write statements over the range, without the tables or the cost: only the
	 * shown users need those ({@link #figures}). One pass over the range's rows of {@code user_daily}, as the
	 * direct ranking makes.
	 */
	List<UserRank> counts(DateRange range) {
		return jdbc.sql("""
				SELECT user_name, sum(reads), sum(writes), sum(lineage_only)
				FROM user_daily
				WHERE business_date BETWEEN :from AND :to
				GROUP BY user_name""")
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new UserRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), 0, 0, 0))
			.list();
	}

	/**
	 * Per user of the given ones: the distinct tables read or written, or reached through a view they read,
	 * and the read cost. The base tables reached come from probes of {@code usage_daily_user_sources} by
	 * (view, user), one per entry, the tables used directly from the user's own rows of the range
	 * ({@code table_user_daily_user}): a user's rows are never joined to every view's rows. (Probing whether
	 * the user used a base table directly would be cheaper while the user did, but a generic plan may take the
	 * table's primary key, and walk every user's rows of the table when the user did not.)
	 */
	Map<String, Figures> figures(List<String> users, List<IndirectRankingRepository.Entry> entries, DateRange range) {
		Map<String, Figures> figures = new HashMap<>();
		bind(jdbc.sql(REACH + """
				, shown AS (
				    SELECT unnest(CAST(:users AS text[])) AS user_name),
				reached AS (
				    SELECT DISTINCT s.user_name, r.base
				    FROM shown s
				    CROSS JOIN reach r
				    WHERE EXISTS (SELECT 1 FROM usage_daily d
				                  WHERE d.table_name = r.table_name AND d.user_name = s.user_name AND d.role = 'READ'
				                    AND d.business_date BETWEEN r.from_date AND r.to_date))
				SELECT r.user_name,
				       (SELECT count(*) FROM (SELECT t.table_name FROM table_user_daily t
				                              WHERE t.user_name = r.user_name AND t.business_date BETWEEN :from AND :to
				                                AND t.role IN ('READ', 'WRITE')
				                              UNION
				                              SELECT x.base FROM reached x WHERE x.user_name = r.user_name) used) AS tables,
				       c.duration, c.bytes
				FROM shown r
				""" + RankingRepository.USER_COST), entries)
			.param("users", array("text", users.toArray(String[]::new)))
			.param("from", range.from())
			.param("to", range.to())
			.query(rs -> {
				figures.put(rs.getString(1), new Figures(rs.getLong(2), saturated(rs.getBigDecimal(3)),
						saturated(rs.getBigDecimal(4))));
			});
		return figures;
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

	/**
	 * Per entry: one user's reads of its view on its days. The user's read rows of the range are taken once
	 * through {@code table_user_daily_user} and matched to the entries by hashing: looking each entry's view up
	 * by its primary key would walk every user's rows of the view on those days.
	 */
	List<EntryRow> userReads(String user, List<IndirectRankingRepository.Entry> entries, DateRange range) {
		return bind(jdbc.sql(REACH + """
				, mine AS MATERIALIZED (
				    SELECT table_name, business_date, statements, time_travel_statements, last_event
				    FROM table_user_daily
				    WHERE user_name = :user AND business_date BETWEEN :from AND :to AND role = 'READ')
				SELECT r.entry, sum(m.statements), sum(m.time_travel_statements), max(m.last_event)
				FROM reach r
				JOIN mine m ON m.table_name = r.table_name AND m.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.entry"""), entries)
			.param("user", user)
			.param("from", range.from())
			.param("to", range.to())
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

	/** A shown user's distinct tables, direct and through views, and read cost. */
	record Figures(long tables, long durationMs, long readBytes) {
	}

}
