package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;
import static io.lakegov.usage.bench.UsageFactGenerator.log;
import static io.lakegov.usage.bench.UsageFactGenerator.since;

/**
 * Adds column facts to a store {@link UsageFactGenerator} filled, without touching its table facts: the
 * current inventory tables get 8 to 40 columns each ({@code col_0} ...) in {@code column_inventory}, and a
 * share of the READ and WRITE facts (by default 40 %, chosen by a hash of statement and table) get 1 to
 * {@code --max-columns} (default 5) column facts in {@code column_access}, with their columns drawn from a
 * Zipf (s = 1) over the table's columns, so {@code col_0} is the most used and the last columns are mostly
 * unread: 1.2 column rows per table fact by default, 60 M for 50 M facts. 97 % of them are RESOLVED, 2 %
 * AMBIGUOUS, 1 % UNRESOLVED. Everything set-based, with the indexes dropped before and built after, then
 * {@code column_daily} and the column impact's rollups from the column facts. It replaces the store's column
 * inventory and column facts.
 *
 * <pre>
 * java -cp ... io.lakegov.usage.bench.ColumnFactGenerator --url jdbc:postgresql://127.0.0.1:55432/lakegov \
 *     [--user postgres] [--password ''] [--share 40] [--max-columns 5]
 * </pre>
 */
public final class ColumnFactGenerator {

	private static final List<String> TABLES = List.of("column_access", "column_daily");

	private ColumnFactGenerator() {
	}

	public static void main(String[] args) throws SQLException {
		Map<String, String> options = new HashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].substring(2), args[i + 1]);
		}
		String url = options.get("url");
		if (url == null) {
			throw new IllegalArgumentException("--url is required");
		}
		generate(url, options.getOrDefault("user", "postgres"), options.getOrDefault("password", ""),
				Integer.parseInt(options.getOrDefault("share", "40")),
				Integer.parseInt(options.getOrDefault("max-columns", "5")));
	}

	static void generate(String url, String user, String password, int sharePercent, int maxColumns)
			throws SQLException {
		long started = System.nanoTime();
		try (Connection connection = DriverManager.getConnection(url, user, password)) {
			execute(connection, "SET maintenance_work_mem = '1GB'");
			execute(connection, "SET work_mem = '512MB'");
			execute(connection, "TRUNCATE column_inventory, column_access, column_daily");
			List<String> indexes = dropIndexes(connection);
			execute(connection, """
					INSERT INTO column_inventory (table_name, column_name, ordinal_position, data_type, valid_from)
					SELECT t.full_name, 'col_' || c, c + 1, CASE WHEN c % 3 = 0 THEN 'bigint' ELSE 'string' END, t.valid_from
					FROM table_inventory t
					CROSS JOIN LATERAL generate_series(0, 7 + abs(hashtext(t.full_name)) % 33) AS c
					WHERE t.valid_to IS NULL
					ORDER BY t.full_name, c""");
			execute(connection, """
					CREATE TEMPORARY TABLE bench_columns AS
					SELECT table_name, count(*)::int AS n FROM column_inventory GROUP BY table_name""");
			execute(connection, """
					INSERT INTO column_access (source, statement_id, table_name, column_name, role, resolution, user_name,
					    event_time, business_date, source_kind, source_id)
					SELECT DISTINCT source, statement_id, table_name, 'col_' || (floor(power(n + 1, u)) - 1)::int, role,
					       CASE WHEN v < 0.97 THEN 'RESOLVED' WHEN v < 0.99 THEN 'AMBIGUOUS' ELSE 'UNRESOLVED' END,
					       user_name, event_time, business_date, source_kind, coalesce(source_id, '')
					FROM (SELECT f.source, f.statement_id, f.table_name, f.role, f.user_name, f.event_time, f.business_date,
					             f.source_kind, f.source_id, c.n, random() AS u, random() AS v
					      FROM table_access f
					      JOIN bench_columns c ON c.table_name = f.table_name
					      CROSS JOIN LATERAL generate_series(1, 1 + abs(hashtext(f.table_name || f.statement_id)) %% %d) AS k
					      WHERE f.role IN ('READ', 'WRITE') AND abs(hashtext(f.statement_id || f.table_name)) %% 100 < %d) x"""
				.formatted(maxColumns, sharePercent));
			execute(connection, """
					INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name, statements,
					    first_event, last_event)
					SELECT table_name, business_date, column_name, role, resolution, user_name, count(*), min(event_time),
					       max(event_time)
					FROM column_access
					GROUP BY table_name, business_date, column_name, role, resolution, user_name
					ORDER BY table_name, business_date""");
			for (String index : indexes) {
				execute(connection, index.substring(index.indexOf('\t') + 1));
				String name = index.substring(0, index.indexOf('\t'));
				if (name.endsWith("_pkey")) {
					String table = name.substring(0, name.length() - "_pkey".length());
					execute(connection, "ALTER TABLE " + table + " ADD CONSTRAINT " + name + " PRIMARY KEY USING INDEX " + name);
				}
			}
			BenchColumnImpact.build(connection);
			// a running service must not answer column reports cached before the load
			execute(connection, "UPDATE store_generation SET generation = generation + 1");
			for (String table : List.of("column_inventory", "column_access", "column_daily", "column_source_daily",
					"column_downstream_daily")) {
				execute(connection, "VACUUM ANALYZE " + table);
			}
			try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("""
					SELECT (SELECT count(*) FROM column_inventory), (SELECT count(*) FROM column_access),
					       (SELECT count(*) FROM column_daily),
					       pg_size_pretty(pg_total_relation_size('column_access')),
					       pg_size_pretty(pg_total_relation_size('column_daily'))""")) {
				rows.next();
				log("column facts done in %s: %,d inventory columns, %,d column facts (%s), %,d column_daily rows (%s)",
						since(started), rows.getLong(1), rows.getLong(2), rows.getString(4), rows.getLong(3),
						rows.getString(5));
			}
		}
	}

	/** Drops the column tables' indexes (primary keys included) and returns their definitions. */
	private static List<String> dropIndexes(Connection connection) throws SQLException {
		List<String> indexes = new ArrayList<>();
		try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("""
				SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('column_access', 'column_daily')
				ORDER BY indexname LIKE '%_pkey' DESC, indexname""")) {
			while (rows.next()) {
				indexes.add(rows.getString(1) + "\t" + rows.getString(2));
			}
		}
		for (String index : indexes) {
			String name = index.substring(0, index.indexOf('\t'));
			String table = TABLES.stream().filter(t -> name.equals(t + "_pkey")).findFirst().orElse(null);
			execute(connection, table != null ? "ALTER TABLE " + table + " DROP CONSTRAINT " + name : "DROP INDEX " + name);
		}
		return indexes;
	}

}
