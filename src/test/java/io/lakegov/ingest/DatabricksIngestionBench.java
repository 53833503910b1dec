package io.lakegov.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import io.lakegov.LakegovApplication;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

import static io.lakegov.support.WarehouseHistory.secondsAfter;

/**
 * Ingestion through the Databricks JDBC driver: starts the test warehouse, has Spark generate query
 * history into its {@code system.query.history}, and ingests it in one run into the embedded default
 * with the default fetch and batch sizes. Prints the warehouse's start time and memory and rows/s.
 * See the README for the command.
 */
public final class DatabricksIngestionBench {

	private DatabricksIngestionBench() {
	}

	public static void main(String[] args) throws IOException {
		int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
		TestWarehouse warehouse = TestWarehouse.instance();
		System.out.printf("warehouse ready in %.1f s, RSS %s%n", warehouse.startTime().toMillis() / 1000.0,
				status(warehouse.pid(), "VmRSS"));
		WarehouseHistory history = new WarehouseHistory(warehouse);
		history.clear();
		Instant start = Instant.now().minus(2, ChronoUnit.DAYS);
		long writeStart = System.nanoTime();
		history.generate(rows, Map.of("statement_id", "concat('bench-', id)",
				"executed_by", "concat('user', id % 200, '@corp.example')",
				"statement_text", """
						CASE id % 4
						  WHEN 0 THEN concat('SELECT o.id, c.name FROM main.sales.orders o JOIN main.crm.customers c ON o.cid = c.id WHERE o.id = ', id)
						  WHEN 1 THEN concat('WITH recent AS (SELECT * FROM main.web.events WHERE ts > now() - INTERVAL ', id % 30, ' DAYS) SELECT count(*) FROM recent')
						  WHEN 2 THEN concat('MERGE INTO main.gold.daily t USING main.silver.day_', id % 100, ' s ON t.k = s.k WHEN MATCHED THEN UPDATE SET *')
						  ELSE concat('SELECT * FROM main.sales.orders VERSION AS OF ', id % 50)
						END""",
				"start_time", secondsAfter(start, "id div 2"), "end_time", secondsAfter(start, "id div 2 + 1"),
				"update_time", secondsAfter(start, "id div 2 + 3")));
		System.out.printf("warehouse generated %,d rows in %.1f s%n", rows, (System.nanoTime() - writeStart) / 1e9);

		Path directory = Files.createTempDirectory("lakegov-databricks-bench");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(LakegovApplication.class).run(
				"--server.port=0", "--lakegov.embedded.directory=" + directory, "--lakegov.embedded.enabled=true",
				"--lakegov.ingest.enabled=false", "--lakegov.ingest.run-on-startup=false", "--lakegov.catalog.enabled=false",
				"--lakegov.source.url=" + warehouse.url(), "--spring.main.banner-mode=off", "--logging.level.root=WARN")) {
			IngestionService ingestion = context.getBean(IngestionService.class);
			long runStart = System.nanoTime();
			IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
			double elapsed = (System.nanoTime() - runStart) / 1e9;
			System.out.printf("ingested %,d rows through the Databricks driver in %.1f s: %,.0f rows/s, status %s%n",
					run.rowsRead(), elapsed, run.rowsRead() / elapsed, run.status());
			System.out.printf("peak RSS: warehouse %s, service %s%n", status(warehouse.pid(), "VmHWM"),
					status(ProcessHandle.current().pid(), "VmHWM"));
		}
		finally {
			FileSystemUtils.deleteRecursively(directory);
		}
		System.exit(0);
	}

	private static String status(long pid, String field) throws IOException {
		return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))
			.stream()
			.filter(line -> line.startsWith(field + ":"))
			.map(line -> line.substring(field.length() + 1).strip())
			.findFirst()
			.orElse("unknown");
	}

}
