package io.lakegov.archive.shed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.BenchStore;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;

/**
 * What detail retention saves: ingests a year of the demo workload into the embedded default, compacts the
 * store and measures it, then removes the detail of every day older than the retention as the archive would
 * let it (the archive itself is taken as written), compacts and measures again. Prints the store's bytes per
 * table fact with and without the closed days' detail, and how fast detail left. Arguments: rows (default
 * 1,000,000) and days of retention (default 30).
 */
public final class DetailRetentionBench {

	private DetailRetentionBench() {
	}

	public static void main(String[] args) throws IOException {
		int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
		int retention = args.length > 1 ? Integer.parseInt(args[1]) : 30;
		Path directory = Files.createTempDirectory("lakegov-retention-bench");
		try (ConfigurableApplicationContext context = BenchStore.start(directory)) {
			BenchStore.writeYear(context, rows);
			IngestionRun run = context.getBean(IngestionService.class).runIncremental(RunKind.MANUAL);
			System.out.printf("ingested %,d rows, status %s%n", run.rowsRead(), run.status());

			JdbcClient jdbc = context.getBean(JdbcClient.class);
			long facts = count(jdbc, "table_access");
			long statements = count(jdbc, "query_history");
			long before = compactedSize(jdbc);
			System.out.printf("with all detail: %,d MB for %,d statements and %,d table facts: %,d bytes per fact%n",
					before >> 20, statements, facts, before / facts);

			// the archive is taken as holding every statement: a source registered, nothing queued
			jdbc.sql("""
					INSERT INTO archive_source (source, schema_name, schema_version, queued_existing_at, next_attempt_at)
					VALUES ('default', 'bench.archive', 1, now(), now())""").update();
			ShedRepository repository = context.getBean(ShedRepository.class);
			LocalDate closedBefore = repository.advance(LocalDate.now(ZoneOffset.UTC).minusDays(retention)).orElseThrow();
			Instant cut = closedBefore.atStartOfDay(ZoneOffset.UTC).toInstant();
			long start = System.nanoTime();
			long shed = 0;
			for (boolean withoutStart : new boolean[] { false, true }) {
				ShedRepository.Position after = ShedRepository.Position.START;
				ShedRepository.Round round;
				do {
					round = repository.shed(cut, after, 5000, withoutStart);
					shed += round.statements();
					after = round.last();
				}
				while (round.candidates() == 5000 && after != null);
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			long after = compactedSize(jdbc);
			System.out.printf("detail before %s removed: %,d statements in %.1f s (%,.0f statements/s); %,d kept%n",
					closedBefore, shed, seconds, shed / seconds, count(jdbc, "query_history"));
			System.out.printf("with %d days of detail: %,d MB: %,d bytes per fact (%.0f%% of the store with all detail)%n",
					retention, after >> 20, after / facts, 100.0 * after / before);
			BenchStore.printLargestTables(jdbc);
		}
		finally {
			FileSystemUtils.deleteRecursively(directory);
		}
	}

	private static long count(JdbcClient jdbc, String table) {
		return jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single();
	}

	/** The store's tables and their indexes after VACUUM FULL, so that dead rows count in neither figure. */
	private static long compactedSize(JdbcClient jdbc) {
		jdbc.sql("VACUUM FULL").update();
		return BenchStore.size(jdbc);
	}

}
