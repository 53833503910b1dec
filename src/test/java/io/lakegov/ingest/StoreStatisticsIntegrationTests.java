package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A first load into an empty store leaves the planner's statistics of every table it filled, facts and
 * rollups alike: the rollup rebuilds beside the run join them, and a table planned as never analysed turns
 * a rebuild into a loop over its pairs per fact. A run that adds little to a large store leaves them to
 * autovacuum.
 */
@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
class StoreStatisticsIntegrationTests {

	static final Instant T0 = Instant.now().minus(10, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	StoreStatistics statistics;

	@Autowired
	JdbcClient jdbc;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
	}

	@Test
	void aFirstLoadLeavesStatisticsOfEveryTableItFilled() {
		assertThat(neverAnalysed()).contains("table_access", "column_access", "usage_daily", "read_cost_daily");
		SourceRows history = new SourceRows(jdbc);
		for (int i = 1; i <= 20; i++) {
			history.row("st%02d".formatted(i))
				.text("INSERT INTO main.gold.t%d SELECT id, amount FROM main.sales.t%d JOIN main.sales.c%d USING (id)"
					.formatted(i % 2, i % 4, i % 3))
				.user("u" + (i % 3))
				.started(T0.plus(Duration.ofHours(9L * i)))
				.save();
		}

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsChanged()).isEqualTo(20);
		List<String> filled = filled();
		assertThat(filled).contains("query_history", "statement_analysis", "table_access", "column_access",
				"usage_daily", "table_user_daily", "table_daily", "table_lineage_daily", "read_cost_daily",
				"co_read_daily", "table_query_daily", "column_daily");
		assertThat(neverAnalysed()).doesNotContainAnyElementsOf(filled);
	}

	@Test
	void statisticsAreLeftToAutovacuumWhenTheRunAddsATenthOfTheStoreOrLess() {
		statistics.refreshIfGrown(10, 100);

		assertThat(neverAnalysed()).contains("query_history", "table_access", "column_access", "usage_daily");

		statistics.refreshIfGrown(11, 100);

		assertThat(neverAnalysed()).doesNotContain("query_history", "table_access", "column_access", "usage_daily",
				"statement_analysis", "column_downstream_daily");
	}

	@Test
	void aTableOfAnyNameInTheStoresSchemaIsAnalysedWithTheRest() {
		jdbc.sql("CREATE TABLE IF NOT EXISTS \"Odd \"\"name\"\"\" (id int)").update();
		try {
			jdbc.sql("INSERT INTO \"Odd \"\"name\"\"\" VALUES (1), (2)").update();

			statistics.refreshIfGrown(1, 0);

			assertThat(neverAnalysed()).doesNotContain("Odd \"name\"", "table_access");
		}
		finally {
			jdbc.sql("DROP TABLE \"Odd \"\"name\"\"\"").update();
		}
	}

	/** The tables of the store that PostgreSQL has no statistics of (a new or emptied table). */
	private List<String> neverAnalysed() {
		return jdbc.sql("""
				SELECT c.relname FROM pg_class c
				WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.reltuples < 0
				ORDER BY c.relname""").query(String.class).list();
	}

	/** The tables of the store that hold rows now. */
	private List<String> filled() {
		return jdbc.sql("""
				SELECT tablename, quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()
				ORDER BY tablename""")
			.query((rs, n) -> new String[] { rs.getString(1), rs.getString(2) })
			.list()
			.stream()
			.filter(table -> jdbc.sql("SELECT EXISTS (SELECT 1 FROM " + table[1] + ")").query(Boolean.class).single())
			.map(table -> table[0])
			.toList();
	}

}
