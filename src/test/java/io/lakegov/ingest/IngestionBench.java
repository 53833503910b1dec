package io.lakegov.ingest;

import java.io.IOException;
import java.nio.file.Files;
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
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(LakegovApplication.class)
			.run("--server.port=0", "--lakegov.embedded.directory=" + directory, "--lakegov.demo.enabled=false",
					"--lakegov.embedded.enabled=true", "--lakegov.ingest.enabled=false", "--lakegov.ingest.initial-lookback=400d",
					"--spring.main.banner-mode=off", "--logging.level.root=WARN")) {
			var warehouse = new DemoWarehouse(context.getBean(SourceDatabase.class));
			var workload = new DemoWorkload(11);
			Instant end = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
			int days = 365;
			int perDay = Math.max(1, rows / days);
			long written = 0;
			long writeStart = System.nanoTime();
			for (int day = days; day > 0 && written < rows; day--) {
				Instant from = end.minus(Duration.ofDays(day));
				List<DemoStatement> statements = workload.generate(from, from.plus(Duration.ofDays(1)),
						(int) Math.min(perDay, rows - written));
				warehouse.writeFinished(statements);
				written += statements.size();
			}
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

			long again = System.nanoTime();
			IngestionRun rerun = ingestion.backfill(run.windowStart(), run.windowEnd());
			System.out.printf("no-change re-run of the same window: %,d rows read, %,d changed, %.1f s%n",
					rerun.rowsRead(), rerun.rowsChanged(), seconds(again));
			System.out.printf("peak RSS of the service JVM: %s; max heap %d MiB%n", peakRss(),
					Runtime.getRuntime().maxMemory() / (1024 * 1024));
		}
		finally {
			FileSystemUtils.deleteRecursively(directory);
		}
	}

	private static double seconds(long startNanos) {
		return (System.nanoTime() - startNanos) / 1e9;
	}

	private static String peakRss() throws IOException {
		return Files.readAllLines(Path.of("/proc/self/status"))
			.stream()
			.filter(line -> line.startsWith("VmHWM"))
			.map(line -> line.replace("VmHWM:", "").strip())
			.findFirst()
			.orElse("unknown");
	}

}
