package io.lakegov.reports;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.QuerySource;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** Readers and writers of a table, served from the {@code table_user_daily} and {@code usage_daily} rollups. */
@Repository
public class TableUsageRepository {

	private final JdbcClient jdbc;

	TableUsageRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * One row per user of the table in the given role, most statements first, with the total count and
	 * the query sources each used the table through. The page comes from {@code table_user_daily}; the
	 * sources from {@code usage_daily} for the page's users only, in the same round trip.
	 */
	List<UserRow> users(String table, String role, DateRange range, PageRequest page, @Nullable String source) {
		if (source != null) {
			return ofSource(table, role, range, page, source);
		}
		return jdbc.sql("""
				WITH page AS (
				    SELECT user_name, sum(statements) AS statements, sum(time_travel_statements) AS time_travel,
				           min(first_event) AS first_event, max(last_event) AS last_event, count(*) OVER () AS total,
				           sum(lineage_only_statements) AS lineage_only,
				           sum(sum(lineage_only_statements)) OVER () AS total_lineage_only
				    FROM table_user_daily
				    WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role
				    GROUP BY user_name
				    ORDER BY statements DESC, user_name
				    LIMIT :limit OFFSET :offset)
				SELECT user_name, statements, time_travel, first_event, last_event, total, lineage_only, total_lineage_only,
				       (SELECT array_agg(DISTINCT source_kind || chr(31) || source_id
				                         ORDER BY source_kind || chr(31) || source_id)
				        FROM usage_daily u
				        WHERE u.table_name = :table AND u.user_name = page.user_name AND u.role = :role
				          AND u.business_date BETWEEN :from AND :to) AS sources
				FROM page
				ORDER BY statements DESC, user_name""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("role", role)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new UserRow(rs.getString("user_name"), rs.getLong("statements"),
					rs.getLong("time_travel"), instant(rs.getTimestamp("first_event")),
					instant(rs.getTimestamp("last_event")), sources(strings(rs.getArray("sources"))),
					rs.getLong("total"), rs.getLong("lineage_only"), rs.getLong("total_lineage_only")))
			.list();
	}

	/** Statements of the table in the role whose access rests on the engine's lineage alone. */
	long lineageOnly(String table, String role, DateRange range, @Nullable String source) {
		var count = source == null ? jdbc.sql("""
				SELECT coalesce(sum(lineage_only_statements), 0) FROM table_user_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role""")
				: jdbc.sql("""
						SELECT count(DISTINCT statement_id) FROM table_access
						WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role
						  AND source = :source AND witness = 'ENGINE_LINEAGE'""").param("source", source);
		return count
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("role", role)
			.query(Long.class)
			.single();
	}

	long countUsers(String table, String role, DateRange range, @Nullable String source) {
		var count = source == null ? jdbc.sql("""
				SELECT count(DISTINCT user_name) FROM table_user_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role""")
				: jdbc.sql("""
						SELECT count(DISTINCT user_name) FROM table_access
						WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role
						  AND source = :source""").param("source", source);
		return count
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("role", role)
			.query(Long.class)
			.single();
	}

	/** The statement kinds each of the given users wrote the table with (writes are few, so from facts). */
	Map<String, List<String>> writeKinds(String table, DateRange range, List<String> users, @Nullable String source) {
		if (users.isEmpty()) {
			return Map.of();
		}
		return jdbc.sql("""
				SELECT user_name, array_agg(DISTINCT coalesce(statement_kind, 'UNKNOWN') ORDER BY coalesce(statement_kind, 'UNKNOWN'))
				FROM table_access
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = 'WRITE'
				  AND user_name = ANY(:users) AND (CAST(:source AS text) IS NULL OR source = :source)
				GROUP BY user_name""")
			.param("source", source)
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("users", array("text", users.toArray(String[]::new)))
			.query((rs, n) -> Map.entry(rs.getString(1), List.of(strings(rs.getArray(2)))))
			.list()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
	}

	/**
	 * As {@link #users} for the statements of one source of query history: the rollups have no source, so
	 * from the facts of the table's range (a statement's facts are all on its start's day, so its distinct
	 * count is the rollups').
	 */
	private List<UserRow> ofSource(String table, String role, DateRange range, PageRequest page, String source) {
		return jdbc.sql("""
				WITH facts AS (
				    SELECT statement_id, user_name, time_travel_kind, event_time, source_kind, source_id, witness
				    FROM table_access
				    WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = :role AND source = :source)
				SELECT user_name, count(DISTINCT statement_id) AS statements,
				       count(DISTINCT statement_id) FILTER (WHERE time_travel_kind IS NOT NULL) AS time_travel,
				       min(event_time) AS first_event, max(event_time) AS last_event, count(*) OVER () AS total,
				       count(DISTINCT statement_id) FILTER (WHERE witness = 'ENGINE_LINEAGE') AS lineage_only,
				       sum(count(DISTINCT statement_id) FILTER (WHERE witness = 'ENGINE_LINEAGE')) OVER ()
				           AS total_lineage_only,
				       array_agg(DISTINCT source_kind || chr(31) || source_id
				                 ORDER BY source_kind || chr(31) || source_id) AS sources
				FROM facts
				GROUP BY user_name
				ORDER BY statements DESC, user_name
				LIMIT :limit OFFSET :offset""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("role", role)
			.param("source", source)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new UserRow(rs.getString("user_name"), rs.getLong("statements"),
					rs.getLong("time_travel"), instant(rs.getTimestamp("first_event")),
					instant(rs.getTimestamp("last_event")), sources(strings(rs.getArray("sources"))),
					rs.getLong("total"), rs.getLong("lineage_only"), rs.getLong("total_lineage_only")))
			.list();
	}

	/** The days of the range on which the table was used. */
	List<DailyUsage> daily(String table, DateRange range) {
		return jdbc.sql("""
				SELECT d.business_date, d.reads, d.writes, d.time_travel_reads, d.users, c.duration_ms, c.read_bytes
				FROM table_daily d
				LEFT JOIN table_cost_daily c ON c.table_name = d.table_name AND c.business_date = d.business_date
				WHERE d.table_name = :table AND d.business_date BETWEEN :from AND :to""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new DailyUsage(rs.getObject(1, LocalDate.class), rs.getLong(2), rs.getLong(3),
					rs.getLong(4), rs.getLong(5), QueryGroupRepository.saturated(rs.getBigDecimal(6)),
					QueryGroupRepository.saturated(rs.getBigDecimal(7))))
			.list();
	}

	/** A Java array bound as one SQL array parameter (not expanded into a list of parameters). */
	public static SqlArrayValue array(String sqlType, Object[] values) {
		return new SqlArrayValue(sqlType, values);
	}

	/** Sources aggregated as {@code kind || chr(31) || id} texts. */
	static List<QuerySource> sources(String[] joined) {
		return Arrays.stream(joined).map(text -> {
			int at = text.indexOf('\u001f');
			return at < 0 ? new QuerySource(text, "") : new QuerySource(text.substring(0, at), text.substring(at + 1));
		}).toList();
	}

	static String[] strings(Array array) throws SQLException {
		return array == null ? new String[0] : (String[]) array.getArray();
	}

	public static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	record UserRow(String user, long statements, long timeTravelStatements, Instant first, Instant last,
			List<QuerySource> sources, long total, long lineageOnly, long totalLineageOnly) {
	}

}
