package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Bulk-loads synthetic usage facts into a lakegov store (schema already migrated by the service)
 * for benchmarks: COPY into {@code table_access} without its indexes (and each statement's history row
 * into {@code query_history}, one analysis per statement shape), the indexes built afterwards,
 * then every rollup built set-based with the same definitions the service keeps incrementally, and
 * the inventory filled with the workspace's tables (plus some dropped ones). Two-level view chains on the
 * hottest tables are made by CREATE VIEW facts on the first day ({@link BenchViews}).
 *
 * <pre>
 * java -cp ... io.lakegov.usage.bench.UsageFactGenerator --url jdbc:postgresql://127.0.0.1:55432/lakegov \
 *     [--user postgres] [--password ''] [--facts 50000000] [--days 365] [--tables 5000] [--users 2000] [--threads 2]
 *     [--columns true [--column-share 40] [--max-columns 5]]
 * </pre>
 * It replaces whatever facts, rollups and inventory the store holds (column facts included: with
 * {@code --columns true} it then writes new ones with {@link ColumnFactGenerator}).
 */
public final class UsageFactGenerator {

	private UsageFactGenerator() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = options(args);
		String url = required(options, "url");
		String user = options.getOrDefault("user", "postgres");
		String password = options.getOrDefault("password", "");
		long facts = Long.parseLong(options.getOrDefault("facts", "50000000"));
		int days = Integer.parseInt(options.getOrDefault("days", "365"));
		int tables = Integer.parseInt(options.getOrDefault("tables", "5000"));
		int users = Integer.parseInt(options.getOrDefault("users", "2000"));
		int threads = Integer.parseInt(options.getOrDefault("threads", "2"));
		LocalDate last = LocalDate.now(ZoneOffset.UTC);
		var workspace = new Workspace(tables, users, 7);
		var schema = new BenchSchema(url, user, password);

		long started = System.nanoTime();
		List<String> indexes = schema.prepare();
		long copyStarted = System.nanoTime();
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		List<Future<Long>> loaded = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int worker = t;
			loaded.add(pool.submit(() -> copy(url, user, password, workspace, worker, threads, days, last, facts)));
		}
		long rows = 0;
		for (Future<Long> future : loaded) {
			rows += future.get();
		}
		pool.shutdown();
		log("copied %,d facts in %s", rows, since(copyStarted));
		log("%,d view statements on the hottest tables", BenchViews.insert(url, user, password, workspace,
				last.minusDays(days - 1L)));
		schema.finish(indexes, workspace, last);
		if (Boolean.parseBoolean(options.getOrDefault("columns", "false"))) {
			ColumnFactGenerator.generate(url, user, password, Integer.parseInt(options.getOrDefault("column-share", "40")),
					Integer.parseInt(options.getOrDefault("max-columns", "5")));
		}
		log("done: %,d facts in %s; store size %s", rows, since(started), schema.databaseSize());
	}

	private static long copy(String url, String user, String password, Workspace workspace, int worker, int workers,
			int days, LocalDate last, long facts) throws SQLException {
		var writer = new FactWriter(workspace);
		long perDay = facts / days;
		long rows = 0;
		try (Connection connection = DriverManager.getConnection(url, user, password);
				Connection historyConnection = DriverManager.getConnection(url, user, password)) {
			connection.setAutoCommit(false);
			historyConnection.setAutoCommit(false);
			CopyIn historyCopy = historyConnection.unwrap(PGConnection.class).getCopyAPI().copyIn(HistoryLines.COPY);
			CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn("""
					COPY table_access (source, statement_id, access_no, table_name, written_name, fully_qualified, role,
					    statement_kind, time_travel_kind, time_travel_value, time_travel_syntax, user_name, event_time,
					    business_date, source_kind, source_id, execution_status) FROM STDIN""");
			for (int d = worker; d < days; d += workers) {
				// the remainder of the division goes to the last day
				LocalDate day = last.minusDays(days - 1L - d);
				long target = d == days - 1 ? facts - perDay * (days - 1) : perDay;
				byte[] chunk = writer.day(day, d, target, 1000L + d);
				copy.writeToCopy(chunk, 0, chunk.length);
				byte[] history = writer.history();
				historyCopy.writeToCopy(history, 0, history.length);
				rows += chunk.length == 0 ? 0 : countLines(chunk);
				if (d % 30 == worker) {
					log("worker %d: day %d of %d, %,d facts", worker, d + 1, days, rows);
				}
			}
			copy.endCopy();
			historyCopy.endCopy();
			connection.commit();
			historyConnection.commit();
		}
		return rows;
	}

	private static long countLines(byte[] chunk) {
		long lines = 0;
		for (byte b : chunk) {
			if (b == '\n') {
				lines++;
			}
		}
		return lines;
	}

	static void execute(Connection connection, String sql) throws SQLException {
		long started = System.nanoTime();
		try (Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		String first = sql.strip().lines().findFirst().orElse("");
		log("%-90s %s", first.length() > 90 ? first.substring(0, 87) + "..." : first, since(started));
	}

	static void log(String format, Object... args) {
		System.out.printf("%tT " + format + "%n", prepend(System.currentTimeMillis(), args));
	}

	private static Object[] prepend(Object first, Object[] rest) {
		Object[] all = new Object[rest.length + 1];
		all[0] = first;
		System.arraycopy(rest, 0, all, 1, rest.length);
		return all;
	}

	static String since(long startedNanos) {
		long seconds = (System.nanoTime() - startedNanos) / 1_000_000_000L;
		return seconds / 60 + "m" + String.format("%02d", seconds % 60) + "s";
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			if (!args[i].startsWith("--")) {
				throw new IllegalArgumentException("Expected --option value pairs, got " + args[i]);
			}
			options.put(args[i].substring(2), args[i + 1]);
		}
		return options;
	}

	private static String required(Map<String, String> options, String name) {
		String value = options.get(name);
		if (value == null) {
			throw new IllegalArgumentException("--" + name + " is required");
		}
		return value;
	}

}
