package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.HistoryColumn;
import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistoryRow;
import io.lakegov.history.Sources;
import io.lakegov.ingest.batch.BatchIngester;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch is prepared while the one before it may not have committed yet: what it takes for new must
 * allow for that batch, and new rows copied straight in must look like upserted ones. What the store says
 * it holds is the same whichever way it looks (by a batch's range of times, or by key).
 */
@IntegrationTest
class BatchIngesterIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	BatchIngester batches;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	Sources sources;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
	}

	@Test
	void aStatementRepeatedInTheNextBatchIsNotTakenForUnseenWhileTheFirstIsInFlight() {
		BatchIngester.Prepared first = batches.prepare(sources.primary(), batch(row("x", "RUNNING", T0), row("y", "FINISHED", T0)),
				Set.of());
		BatchIngester.Prepared second = batches.prepare(sources.primary(), batch(row("x", "FINISHED", T0.plusSeconds(30))),
				first.statementIds());

		assertThat(first.unseen()).containsExactlyInAnyOrder("x", "y");
		assertThat(second.unseen()).isEmpty();
		assertThat(second.newer()).hasSize(1);

		tx.executeWithoutResult(status -> batches.ingest(first, 7));
		BatchIngester.Outcome outcome = tx.execute(status -> batches.ingest(second, 8));

		assertThat(outcome.rowsChanged()).isEqualTo(1);
		assertThat(jdbc.sql("SELECT execution_status FROM query_history WHERE statement_id = 'x'")
			.query(String.class)
			.single()).isEqualTo("FINISHED");
		assertThat(IngestionTestSupport.facts(jdbc, "x")).containsExactly("main.sales.orders|READ|-|-");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void newRowsCopiedStraightInAreRecordedLikeUpsertedOnes() {
		BatchIngester.Prepared fresh = batches.prepare(sources.primary(), batch(row("n", "FINISHED", T0)), Set.of());
		tx.executeWithoutResult(status -> batches.ingest(fresh, 7));
		BatchIngester.Prepared seen = batches.prepare(sources.primary(), batch(row("u", "RUNNING", T0)), Set.of("u"));
		tx.executeWithoutResult(status -> batches.ingest(seen, 7));

		List<String> recorded = jdbc.sql("""
				SELECT concat_ws('|', analyzer_version, analysis_status, ingestion_run_id,
				    first_seen_at = last_changed_at, first_seen_at > now() - interval '1 minute')
				FROM query_history ORDER BY statement_id""").query(String.class).list();
		String expected = StatementAnalyzer.VERSION + "|ANALYZED|7|t|t";
		assertThat(recorded).containsExactly(expected, expected);
	}

	@Test
	void theStoreSaysWhichKeysItHoldsAtLeastAsNewInsideTheirRangeOfTimesOrOutside() {
		store(row("a", "FINISHED", T0), row("b", "FINISHED", T0), row("later", "FINISHED", T0.plusSeconds(3600)));
		for (int i = 0; i < 9; i++) {
			store(row("crowd-" + i, "FINISHED", T0.plusSeconds(120)));
		}

		Set<String> current = batches.current(sources.primary(), List.of(key("a", T0), key("b", T0.plusSeconds(1)),
				key("later", T0), key("unknown", T0)));
		Set<String> amongMany = batches.current(sources.primary(),
				List.of(key("crowd-3", T0.plusSeconds(120)), key("crowd-4", T0.plusSeconds(121))));
		BatchIngester.Prepared again = batches.prepare(sources.primary(),
				batch(row("a", "FINISHED", T0), row("later", "FINISHED", T0.plusSeconds(7200)), row("new", "FINISHED", T0)),
				Set.of());

		assertThat(current).as("b changed since it was stored; later is stored newer than its key")
			.containsExactlyInAnyOrder("a", "later");
		assertThat(amongMany).as("nine rows stored at the time of two keys").containsExactly("crowd-3");
		assertThat(again.newer()).as("later, updated since, and new").hasSize(2);
		assertThat(again.unseen()).containsExactly("new");
	}

	private void store(HistoryRow... rows) {
		BatchIngester.Prepared prepared = batches.prepare(sources.primary(), batch(rows), Set.of());
		tx.executeWithoutResult(status -> batches.ingest(prepared, 7));
	}

	private static HistoryReader.RowKey key(String id, Instant updated) {
		return new HistoryReader.RowKey(id, updated);
	}

	private static HistoryRow row(String id, String status, Instant updated) {
		Map<HistoryColumn, Object> values = new EnumMap<>(HistoryColumn.class);
		values.put(HistoryColumn.STATEMENT_ID, id);
		values.put(HistoryColumn.EXECUTED_BY, "ann");
		values.put(HistoryColumn.EXECUTION_STATUS, status);
		values.put(HistoryColumn.STATEMENT_TEXT, "SELECT * FROM main.sales.orders");
		values.put(HistoryColumn.START_TIME, T0);
		values.put(HistoryColumn.UPDATE_TIME, updated);
		return new HistoryRow(values, Map.of());
	}

	private static HistoryReader.Batch batch(HistoryRow... rows) {
		return HistoryReader.Batch.of(List.of(rows));
	}

}
