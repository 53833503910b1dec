package io.lakegov.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import io.lakegov.support.BenchStore;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;

/**
 * Ingestion benchmark: writes generated query history into the local warehouse of an embedded
 * PostgreSQL, ingests it in one run, then re-runs the same window (nothing changed). Prints rows/s and
 * the JVM's peak resident memory. Run with {@code -Xmx512m}; see the README for the command.
 */
public final class IngestionBench {

	private IngestionBench() {
	}

	public static void main(String[] args) throws IOException {
		int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
		Path directory = Files.createTempDirectory("lakegov-ingest-bench");
		try (ConfigurableApplicationContext context = BenchStore.start(directory)) {
			long writeStart = System.nanoTime();
			long written = BenchStore.writeYear(context, rows);
			System.out.printf("wrote %,d source rows in %.1f s%n", written, seconds(writeStart));

			IngestionService ingestion = context.getBean(IngestionService.class);
			long start = System.nanoTime();
			IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
			double elapsed = seconds(start);
			System.out.printf("ingested %,d rows (%,d distinct texts analysed) in %.1f s: %,.0f rows/s, status %s%n",
					run.rowsRead(), run.statementsAnalysed(), elapsed, run.rowsRead() / elapsed, run.status());

			var registry = context.getBean(io.micrometer.core.instrument.MeterRegistry.class);
			registry.find("lakegov.ingest.batch.phase").timers().forEach(timer -> System.out.printf(
					"  phase %-9s %8.1f s%n", timer.getId().getTag("phase"),
					timer.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000));
			registry.find("lakegov.ingest.rollup").timers().forEach(timer -> System.out.printf(
					"  rollup %-22s %8.1f s%n", timer.getId().getTag("rollup"),
					timer.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000));

			storeSize(context.getBean(JdbcClient.class));

			long again = System.nanoTime();
			IngestionRun rerun = ingestion.backfill(run.windowStart(), run.windowEnd());
			System.out.printf("no-change re-run of the same window: %,d rows read, %,d changed, %.1f s%n",
					rerun.rowsRead(), rerun.rowsChanged(), seconds(again));
			System.out.printf("peak RSS of the service JVM: %s; max heap %d MiB%n", peakRss(),
					Runtime.getRuntime().maxMemory() / (1024 * 1024));
			// last: its copy of the rows goes through a file, and nothing of it counts in the figures above
			double lakegovRate = run.rowsRead() / elapsed;
			double postgresRate = postgresUpsert(context.getBean(DataSource.class), directory);
			System.out.printf("PostgreSQL's own bulk upsert of the same history rows (COPY into a staging table, "
					+ "INSERT ... ON CONFLICT into a table like query_history): %,.0f rows/s; ratio to lakegov %.1f%n",
					postgresRate, postgresRate / lakegovRate);
		}
		finally {
			FileSystemUtils.deleteRecursively(directory);
		}
	}

	/**
	 * PostgreSQL's own rate for the history rows lakegov stored: they are copied out to a file first (not
	 * timed), then copied into a staging table and upserted into an empty copy of {@code query_history},
	 * indexes and all.
	 */
	private static double postgresUpsert(DataSource dataSource, Path directory) {
		Path file = directory.resolve("history.copy");
		try (Connection connection = dataSource.getConnection()) {
			CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
			long count;
			try (OutputStream out = Files.newOutputStream(file)) {
				count = copy.copyOut("COPY query_history TO STDOUT (FORMAT binary)", out);
			}
			connection.setAutoCommit(false);
			try (Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE bench_history (LIKE query_history INCLUDING ALL)");
				statement.execute("CREATE TEMP TABLE bench_stage (LIKE query_history) ON COMMIT DROP");
				long start = System.nanoTime();
				try (InputStream in = Files.newInputStream(file)) {
					copy.copyIn("COPY bench_stage FROM STDIN (FORMAT binary)", in);
				}
				statement.execute("""
						INSERT INTO bench_history SELECT * FROM bench_stage
						ON CONFLICT (source, statement_id) DO UPDATE SET update_time = EXCLUDED.update_time,
						    execution_status = EXCLUDED.execution_status, statement_text = EXCLUDED.statement_text""");
				connection.commit();
				double rate = count / seconds(start);
				statement.execute("DROP TABLE bench_history");
				connection.commit();
				return rate;
			}
		}
		catch (SQLException | IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** The store's size per stored statement and per table fact. */
	private static void storeSize(JdbcClient jdbc) {
		long statements = jdbc.sql("SELECT count(*) FROM query_history").query(Long.class).single();
		long facts = jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single();
		long columnFacts = jdbc.sql("SELECT count(*) FROM column_access").query(Long.class).single();
		long store = BenchStore.size(jdbc);
		long factBytes = jdbc.sql("SELECT pg_total_relation_size('table_access')").query(Long.class).single();
		System.out.printf("store: %,d MB for %,d statements (%,d bytes per statement); %,d table facts (%,d bytes "
				+ "per fact with its indexes); %,d column facts%n", store >> 20, statements,
				store / Math.max(1, statements), facts, factBytes / Math.max(1, facts), columnFacts);
		BenchStore.printLargestTables(jdbc);
	}

	private static double seconds(long startNanos) {
		return (System.nanoTime() - startNanos) / 1e9;
	}

	/** The kernel's high-water mark of the JVM's resident memory (VmHWM, in KiB), also in MiB and in MB. */
	private static String peakRss() throws IOException {
		return Files.readAllLines(Path.of("/proc/self/status"))
			.stream()
			.filter(line -> line.startsWith("VmHWM"))
			.map(line -> line.replace("VmHWM:", "").replace("kB", "").strip())
			.map(Long::parseLong)
			.map(kib -> String.format("%,d kB (%,d MiB, %,d MB)", kib, kib / 1024, kib * 1024 / 1_000_000))
			.findFirst()
			.orElse("unknown");
	}

}
