package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceLineage;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's rollups catch up on a thread of their own beside its writing, and batches that bring nothing to
 * store commit their counts and watermark with a later transaction. With a catch-up due after every batch of
 * three rows, a run over two weeks with the engine's lineage of each statement ends with rollups equal to its
 * facts (both witnesses on each) and nothing left in the backlog; a run over a window the store already
 * holds counts every batch and moves the watermark to its newest row.
 */
@IntegrationTest(properties = { "lakegov.ingest.batch-size=3", "lakegov.usage.rollup-interval=5ms" })
class RunCatchUpsIntegrationTests {

	static final Instant T0 = Instant.now().minus(16, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	static final int ROWS = 60;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	SourceRows history;

	SourceLineage lineage;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		history = new SourceRows(jdbc);
		lineage = new SourceLineage(jdbc);
		for (int i = 1; i <= ROWS; i++) {
			Instant start = T0.plus(Duration.ofHours(5L * i));
			history.row("s%02d".formatted(i))
				.text("INSERT INTO main.gold.t%d SELECT * FROM main.sales.t%d".formatted(i % 2, i % 4))
				.user("u" + (i % 3))
				.started(start)
				.save();
			lineage.row("s%02d".formatted(i))
				.source("main.sales.t%d".formatted(i % 4))
				.target("main.gold.t%d".formatted(i % 2))
				.by("u" + (i % 3))
				.at(start.plusSeconds(1))
				.save();
		}
		lineage.row("x1").source("main.sales.t9").by("u9").at(T0.plus(Duration.ofDays(3))).save();
	}

	@Test
	void rollupsCaughtUpBesideARunEqualItsFacts() {
		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsRead()).isEqualTo(ROWS);
		assertThat(run.rowsChanged()).isEqualTo(ROWS);
		assertThat(run.batches()).isEqualTo(ROWS / 3);
		assertThat(run.lineage()).isEqualTo(new IngestionRun.Lineage("READ", ROWS + 1, ROWS + 1, null));
		assertThat(IngestionTestSupport.facts(jdbc)).filteredOn(fact -> fact.startsWith("s")).hasSize(2 * ROWS);
		assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE witness = 'BOTH'").query(Long.class).single())
			.isEqualTo(2 * ROWS);
		assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE witness = 'ENGINE_LINEAGE'").query(Long.class)
			.single()).isEqualTo(1);
		assertThat(jdbc.sql("SELECT count(*) FROM rollup_backlog").query(Long.class).single()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void aWindowTheStoreHoldsCountsEveryBatchAndMovesTheWatermarkToItsNewestRow() {
		IngestionRun backfill = ingestion.backfill(T0, Instant.now());
		assertThat(backfill.rowsChanged()).isEqualTo(ROWS);
		assertThat(ingestion.watermark()).isEmpty();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsRead()).isEqualTo(ROWS);
		assertThat(run.rowsChanged()).isZero();
		// the read goes key first after its first batch, whose last row the first batch of keys repeats
		assertThat(run.batches()).isEqualTo(ROWS / 3 + 1);
		assertThat(ingestion.watermark()).contains(T0.plus(Duration.ofHours(5L * ROWS)).plusSeconds(5));
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

}
