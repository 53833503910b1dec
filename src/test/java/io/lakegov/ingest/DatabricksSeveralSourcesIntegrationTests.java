package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.history.Sources;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Two sources through the Databricks JDBC driver: two connections to the test warehouse, each reading
 * its own history table, with overlapping statement ids, as two regions' warehouses would.
 */
@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
@ContextConfiguration(initializers = DatabricksSeveralSourcesIntegrationTests.TwoSources.class)
class DatabricksSeveralSourcesIntegrationTests {

	static final String US_TABLE = "system.query.history_us";

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	/** Two sources on the test warehouse; the second table is made like the first. */
	static class TwoSources implements ApplicationContextInitializer<ConfigurableApplicationContext> {

		@Override
		public void initialize(ConfigurableApplicationContext context) {
			TestWarehouse warehouse = TestWarehouse.instance();
			warehouse.execute(
					"CREATE TABLE IF NOT EXISTS " + US_TABLE + " AS SELECT * FROM system.query.history WHERE false");
			TestPropertyValues.of("lakegov.sources[0].name=eu", "lakegov.sources[0].url=" + warehouse.url(),
					"lakegov.sources[0].fetch-size=2", "lakegov.sources[0].own-principals=lakegov-sp",
					"lakegov.sources[1].name=us", "lakegov.sources[1].url=" + warehouse.url(),
					"lakegov.sources[1].table=" + US_TABLE)
				.applyTo(context);
		}

	}

	@Autowired
	IngestionService ingestion;

	@Autowired
	Sources sources;

	@Autowired
	JdbcClient jdbc;

	WarehouseHistory eu;

	WarehouseHistory us;

	@BeforeEach
	void reset() {
		WarehouseStore.reset(jdbc);
		eu = new WarehouseHistory(TestWarehouse.instance());
		us = new WarehouseHistory(TestWarehouse.instance(), US_TABLE);
		eu.clear();
		us.clear();
	}

	@Test
	void readsTwoWarehousesWithOverlappingIdsApartAndARerunOfBothChangesNothing() {
		eu.insert(List.of(eu.row("s1").user("ann@corp.example").started(T0).text("SELECT * FROM spark_catalog.sales.orders"),
				eu.row("s2").user("lakegov-sp").started(T0.plusSeconds(1))
					.text("SELECT * FROM spark_catalog.sales.customers")));
		us.insert(List.of(us.row("s1").user("bob@corp.example").started(T0.plusSeconds(2))
			.text("SELECT * FROM spark_catalog.sales.customers")));

		List<IngestionRun> first = runBoth();

		assertThat(first).extracting(IngestionRun::source, IngestionRun::status, IngestionRun::rowsRead)
			.containsExactly(tuple("eu", "SUCCEEDED", 2L), tuple("us", "SUCCEEDED", 1L));
		List<String> facts = facts();
		assertThat(facts).containsExactly("eu|s1|spark_catalog.sales.orders|ann@corp.example",
				"us|s1|spark_catalog.sales.customers|bob@corp.example");
		assertThat(jdbc.sql("SELECT source || '/' || statement_id || '/' || analysis_status FROM query_history ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu/s1/ANALYZED", "eu/s2/OWN_STATEMENT", "us/s1/ANALYZED");

		List<IngestionRun> again = runBoth();
		assertThat(again).extracting(IngestionRun::rowsChanged).containsExactly(0L, 0L);
		assertThat(facts()).isEqualTo(facts);
		assertThat(jdbc.sql("SELECT source || '|' || count(*) FROM ingestion_watermark GROUP BY source ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu|1", "us|1");
	}

	private List<IngestionRun> runBoth() {
		return sources.enabled().stream().map(source -> ingestion.runIncremental(source, RunKind.MANUAL)).toList();
	}

	private List<String> facts() {
		return jdbc.sql("SELECT concat_ws('|', source, statement_id, table_name, user_name) FROM table_access ORDER BY 1")
			.query(String.class)
			.list();
	}

}
