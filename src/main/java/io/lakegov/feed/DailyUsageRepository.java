package io.lakegov.feed;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The daily feed's queries, all on the rollups: the page's (day, table) pairs with their counts from
 * {@code table_daily} (one range scan of its index by day and table, from the cursor on), then, for the page's
 * pairs only, their users from {@code table_user_daily}, their statement shapes from {@code table_query_daily} and
 * their columns from {@code column_daily}, each one statement that looks the pairs up by the rollup's key. A page
 * costs four indexed statements whatever the number of tables.
 */
@Repository
class DailyUsageRepository {

	/** The page's pairs as a relation, in the rollups' key order (table, day). */
	private static final String PAGE = """
			WITH page AS (
			    SELECT p.table_name, p.business_date
			    FROM unnest(CAST(:tables AS text[]), CAST(:dates AS date[])) AS p(table_name, business_date)),
			""";

	private final JdbcClient jdbc;

	DailyUsageRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A (day, table) pair of the page with the counts of its {@code table_daily} row. */
	record Day(LocalDate date, String table, long reads, long writes, long timeTravelReads, long users) {

		Key key() {
			return new Key(table, date);
		}

	}

	/** A (table, day) pair, the rollups' key. */
	record Key(String table, LocalDate date) {
	}

	/** How many used (day, table) pairs the window holds, counting no further than {@code limit}. */
	long count(DateRange window, long limit) {
		return jdbc.sql("""
				SELECT count(*) FROM (
				    SELECT 1 FROM table_daily WHERE business_date BETWEEN :from AND :to LIMIT :limit) pairs""")
			.param("from", window.from())
			.param("to", window.to())
			.param("limit", limit)
			.query(Long.class)
			.single();
	}

	/** The used (day, table) pairs of the window after {@code after}, in (day, table) order, at most {@code limit}. */
	List<Day> days(DateRange window, FeedPosition after, int limit) {
		// the row comparison is a range condition on the index by (business_date, table_name): the page is read
		// in index order from the position on and the scan stops after the limit. Names compare by their bytes
		// (collation "C", as the index does): the order, and so a cursor, does not depend on the database's locale
		return jdbc.sql("""
				SELECT business_date, table_name, reads, writes, time_travel_reads, users
				FROM table_daily
				WHERE (business_date, table_name COLLATE "C") > (CAST(:after_date AS date), CAST(:after_table AS text))
				  AND business_date <= :to
				ORDER BY business_date, table_name COLLATE "C"
				LIMIT :limit""")
			.param("after_date", after.date())
			.param("after_table", after.table())
			.param("to", window.to())
			.param("limit", limit)
			.query((rs, n) -> new Day(rs.getObject(1, LocalDate.class), rs.getString(2), rs.getLong(3), rs.getLong(4),
					rs.getLong(5), rs.getLong(6)))
			.list();
	}

	/** The page's users: per pair, the {@code top} with the most statements, READ and WRITE apart. */
	Map<Key, List<TableDay.UserCount>> topUsers(List<Day> days, int top) {
		Map<Key, List<TableDay.UserCount>> users = new HashMap<>();
		jdbc.sql(PAGE + """
				per_user AS (
				    SELECT u.table_name, u.business_date, u.user_name,
				           coalesce(sum(u.statements) FILTER (WHERE u.role = 'READ'), 0) AS reads,
				           coalesce(sum(u.statements) FILTER (WHERE u.role = 'WRITE'), 0) AS writes
				    FROM page p
				    JOIN table_user_daily u ON u.table_name = p.table_name AND u.business_date = p.business_date
				    WHERE u.role IN ('READ', 'WRITE')
				    GROUP BY u.table_name, u.business_date, u.user_name),
				ranked AS (
				    SELECT table_name, business_date, user_name, reads, writes,
				           row_number() OVER (PARTITION BY table_name, business_date
				                              ORDER BY reads + writes DESC, user_name COLLATE "C") AS rank
				    FROM per_user)
				SELECT table_name, business_date, user_name, reads, writes
				FROM ranked
				WHERE rank <= :top
				ORDER BY table_name, business_date, rank""")
			.param("tables", tables(days))
			.param("dates", dates(days))
			.param("top", top)
			.query(rs -> {
				users.computeIfAbsent(new Key(rs.getString(1), rs.getObject(2, LocalDate.class)), key -> new ArrayList<>())
					.add(new TableDay.UserCount(rs.getString(3), rs.getLong(4), rs.getLong(5)));
			});
		return users;
	}

	/**
	 * The page's statement shapes: per pair, the {@code top} run most often, with the redacted text of the day's
	 * latest run of each (from its analysis), and the pair's distinct statements (the sum over all its shapes).
	 */
	Map<Key, Shapes> topQueries(List<Day> days, int top) {
		Map<Key, Shapes> shapes = new HashMap<>();
		jdbc.sql(PAGE + """
				ranked AS (
				    SELECT q.table_name, q.business_date, q.fingerprint, q.statements, q.example_text_hash, q.example_version,
				           row_number() OVER (PARTITION BY q.table_name, q.business_date
				                              ORDER BY q.statements DESC, nullif(q.fingerprint, '') NULLS LAST) AS rank,
				           sum(q.statements) OVER (PARTITION BY q.table_name, q.business_date) AS total
				    FROM page p
				    JOIN table_query_daily q ON q.table_name = p.table_name AND q.business_date = p.business_date)
				SELECT r.table_name, r.business_date, r.fingerprint, r.statements, r.total, a.redacted_sql
				FROM ranked r
				LEFT JOIN statement_analysis a ON a.text_hash = r.example_text_hash AND a.analyzer_version = r.example_version
				WHERE r.rank <= :top
				ORDER BY r.table_name, r.business_date, r.rank""")
			.param("tables", tables(days))
			.param("dates", dates(days))
			.param("top", top)
			.query(rs -> {
				Key key = new Key(rs.getString(1), rs.getObject(2, LocalDate.class));
				String fingerprint = rs.getString(3);
				shapes.computeIfAbsent(key, k -> new Shapes(new ArrayList<>(), 0))
					.add(new TableDay.QueryCount(fingerprint == null || fingerprint.isEmpty() ? null : fingerprint,
							rs.getLong(4), rs.getString(6)), rs.getLong(5));
			});
		return shapes;
	}

	/** The page's certainly read columns: per pair, the {@code max} most read, and how many there are. */
	Map<Key, Columns> columns(List<Day> days, int max) {
		Map<Key, Columns> columns = new HashMap<>();
		jdbc.sql(PAGE + """
				per_column AS (
				    SELECT c.table_name, c.business_date, c.column_name, sum(c.statements) AS reads
				    FROM page p
				    JOIN column_daily c ON c.table_name = p.table_name AND c.business_date = p.business_date
				    WHERE c.role = 'READ' AND c.resolution = 'RESOLVED'
				    GROUP BY c.table_name, c.business_date, c.column_name),
				ranked AS (
				    SELECT table_name, business_date, column_name, reads,
				           row_number() OVER (PARTITION BY table_name, business_date ORDER BY reads DESC, column_name) AS rank,
				           count(*) OVER (PARTITION BY table_name, business_date) AS total
				    FROM per_column)
				SELECT table_name, business_date, column_name, reads, total
				FROM ranked
				WHERE rank <= :top
				ORDER BY table_name, business_date, rank""")
			.param("tables", tables(days))
			.param("dates", dates(days))
			.param("top", max)
			.query(rs -> {
				Key key = new Key(rs.getString(1), rs.getObject(2, LocalDate.class));
				long total = rs.getLong(5);
				columns.computeIfAbsent(key, k -> new Columns(new ArrayList<>(), total))
					.list()
					.add(new TableDay.ColumnReads(rs.getString(3), rs.getLong(4)));
			});
		return columns;
	}

	/** A pair's listed shapes and its distinct statements. */
	static final class Shapes {

		private final List<TableDay.QueryCount> list;

		private long statements;

		Shapes(List<TableDay.QueryCount> list, long statements) {
			this.list = list;
			this.statements = statements;
		}

		void add(TableDay.QueryCount shape, long total) {
			list.add(shape);
			statements = total;
		}

		List<TableDay.QueryCount> list() {
			return list;
		}

		long statements() {
			return statements;
		}

	}

	/** A pair's listed columns and how many it has in all. */
	record Columns(List<TableDay.ColumnReads> list, long count) {
	}

	private static SqlArrayValue tables(List<Day> days) {
		return new SqlArrayValue("text", days.stream().map(Day::table).toArray());
	}

	private static SqlArrayValue dates(List<Day> days) {
		return new SqlArrayValue("date", days.stream().map(Day::date).toArray());
	}

}
