package io.lakegov.support;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.LakegovApplication;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.demo.DemoStatement;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What the store benchmarks share: the service on an embedded store, and a year of the demo workload. */
public final class BenchStore {

	private BenchStore() {
	}

	/** The service on an embedded PostgreSQL in the directory, with scheduled ingestion and the demo off. */
	public static ConfigurableApplicationContext start(Path directory) {
		return new SpringApplicationBuilder(LakegovApplication.class).run("--server.port=0",
				"--lakegov.embedded.directory=" + directory, "--lakegov.demo.enabled=false",
				"--lakegov.embedded.enabled=true", "--lakegov.ingest.enabled=false",
				"--lakegov.ingest.initial-lookback=400d", "--spring.main.banner-mode=off", "--logging.level.root=WARN");
	}

	/**
	 * Writes {@code rows} statements of the demo workload, spread over the year before the last hour, into
	 * the local warehouse the service reads; how many it wrote.
	 */
	public static long writeYear(ConfigurableApplicationContext context, int rows) {
		var warehouse = new DemoWarehouse(context.getBean(SourceDatabase.class));
		var workload = new DemoWorkload(11);
		Instant end = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
		int days = 365;
		int perDay = Math.max(1, rows / days);
		long written = 0;
		for (int day = days; day > 0 && written < rows; day--) {
			Instant from = end.minus(Duration.ofDays(day));
			List<DemoStatement> statements = workload.generate(from, from.plus(Duration.ofDays(1)),
					(int) Math.min(perDay, rows - written));
			warehouse.writeFinished(statements);
			written += statements.size();
		}
		return written;
	}

	/** The store's tables with their indexes and TOAST, in bytes. */
	public static long size(JdbcClient jdbc) {
		return jdbc.sql("""
				SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE c.relkind IN ('r', 'm') AND n.nspname = current_schema()""").query(Long.class).single();
	}

	/** Prints the store's eight largest tables, indexes included. */
	public static void printLargestTables(JdbcClient jdbc) {
		jdbc.sql("""
				SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY 2 DESC LIMIT 8""")
			.query((rs, n) -> String.format("  %-24s %,8d MB", rs.getString(1), rs.getLong(2) >> 20))
			.list()
			.forEach(System.out::println);
	}

}
