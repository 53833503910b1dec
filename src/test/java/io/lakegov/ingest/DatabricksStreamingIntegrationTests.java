package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.lakegov.support.RollupAssertions;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import io.lakegov.support.WarehouseIntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.support.WarehouseHistory.secondsAfter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many rows through the Databricks driver: streamed in fetches of {@code lakegov.source.fetch-size}
 * rows and batches of {@code lakegov.ingest.batch-size}, and a warehouse that goes away in the middle.
 */
@WarehouseIntegrationTest
class DatabricksStreamingIntegrationTests {

	static final int ROWS = 20_000;

	static final Instant T0 = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	TestWarehouse warehouse = TestWarehouse.instance();

	@BeforeEach
	void generateHistory() {
		WarehouseStore.reset(jdbc);
		WarehouseHistory source = new WarehouseHistory(warehouse);
		source.clear();
		String nonce = UUID.randomUUID().toString().substring(0, 8);
		source.generate(ROWS, Map.of("statement_id", "concat('bulk-', lpad(CAST(id AS STRING), 6, '0'))",
				"executed_by", "concat('user', id % 20, '@corp.example')",
				"statement_text", "concat('SELECT * FROM spark_catalog.bulk.t', id % 50, ' WHERE k = ', id, ' -- " + nonce + "')",
				"start_time", secondsAfter(T0, "id"), "end_time", secondsAfter(T0, "id + 2"),
				"update_time", secondsAfter(T0, "id + 5")));
		warehouse.drainFetches();
	}

	@AfterEach
	void bringTheWarehouseBack() {
		warehouse.proxy().start();
	}

	@Test
	void streamsTwentyThousandRowsInFetchesOfTheConfiguredSize() {
		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsRead()).isEqualTo(ROWS);
		assertThat(run.batches()).isEqualTo(ROWS / 2000);
		assertThat(count("SELECT count(*) FROM query_history")).isEqualTo(ROWS);
		assertThat(count("SELECT count(*) FROM table_access WHERE role = 'READ'")).isEqualTo(ROWS);
		List<String> fetches = warehouse.drainFetches();
		// the driver asks for lakegov.source.fetch-size rows per round trip, whatever the result's size
		assertThat(fetches).hasSizeGreaterThanOrEqualTo(ROWS / 250).allMatch(line -> line.startsWith("fetch maxRows=250 "));
	}

	@Test
	void aWarehouseGoneMidRunFailsTheRunAtItsLastBatchAndTheNextRunResumes() throws Exception {
		CompletableFuture<IngestionRun> first = CompletableFuture.supplyAsync(() -> ingestion.runIncremental(RunKind.MANUAL));
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		while (count("SELECT count(*) FROM query_history") == 0 && System.nanoTime() < deadline) {
			TimeUnit.MILLISECONDS.sleep(5);
		}
		warehouse.proxy().stop();
		IngestionRun failed = first.get(5, TimeUnit.MINUTES);

		assertThat(failed.status()).isEqualTo("FAILED");
		assertThat(failed.error()).isNotBlank();
		long stored = count("SELECT count(*) FROM query_history");
		assertThat(stored).isPositive().isLessThan(ROWS);
		assertThat(stored % 2000).as("whole batches only").isZero();
		Instant newestStored = jdbc.sql("SELECT max(update_time) FROM query_history").query(Instant.class).single();
		assertThat(ingestion.watermark()).contains(newestStored);

		warehouse.proxy().start();
		IngestionRun resumed = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(resumed.status()).isEqualTo("SUCCEEDED");
		assertThat(resumed.windowStart()).isBefore(newestStored);
		assertThat(count("SELECT count(*) FROM query_history")).isEqualTo(ROWS);
		assertThat(count("SELECT count(*) FROM table_access WHERE role = 'READ'")).isEqualTo(ROWS);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "spark_catalog.bulk.%");
	}

	private long count(String sql) {
		return jdbc.sql(sql).query(Long.class).single();
	}

}
