package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import io.lakegov.support.RollupAssertions;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import io.lakegov.support.WarehouseIntegrationTest;
import io.lakegov.support.WarehouseLineage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.support.WarehouseHistory.literal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's lineage read from the test warehouse's {@code system.access.table_lineage} through the
 * Databricks JDBC driver, with Databricks' column types (a struct for {@code entity_metadata}, DATE and
 * TIMESTAMP columns).
 */
@WarehouseIntegrationTest
class DatabricksLineageIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).plusMillis(250);

	@Autowired
	IngestionService ingestion;

	@Autowired
	IngestionStatusService status;

	@Autowired
	JdbcClient jdbc;

	WarehouseHistory history;

	WarehouseLineage lineage;

	String nonce;

	@BeforeEach
	void reset() {
		WarehouseStore.reset(jdbc);
		history = new WarehouseHistory(TestWarehouse.instance());
		lineage = new WarehouseLineage(TestWarehouse.instance());
		history.clear();
		lineage.clear();
		nonce = UUID.randomUUID().toString().substring(0, 8);
	}

	@AfterEach
	void clearLineage() {
		// the other warehouse tests expect a lineage table without rows
		lineage.clear();
	}

	@Test
	void masksDisagreementsLineageOnlyCacheHitsAndLateLineageThroughTheDriver() {
		history.insert(List.of(
				history.row("masked-1").user("ann@corp.example").notebook("nb-1").started(T0).text("<REDACTED>"),
				history.row("masked-2").user("bob@corp.example").started(T0.plusSeconds(10)).text(""),
				history.row("parsed").user("cid@corp.example").started(T0.plusSeconds(20)).text(
						"SELECT * FROM spark_catalog.sales.orders o JOIN spark_catalog.sales.customers c ON o.c = c.id -- "
								+ nonce),
				history.row("hit").user("dee@corp.example").started(T0.plusSeconds(30)).text("<REDACTED>")
					.raw("from_result_cache", "true").raw("cache_origin_statement_id", literal("masked-1"))));
		lineage.insert(List.of(
				lineage.row("masked-1").source("spark_catalog.sales.orders").target("spark_catalog.gold.daily")
					.by("ann@corp.example").notebook("nb-1").at(T0.plusSeconds(5)),
				lineage.row("parsed").source("spark_catalog.sales.orders").by("cid@corp.example").at(T0.plusSeconds(25)),
				lineage.row("parsed").source("spark_catalog.sales.returns").by("cid@corp.example").at(T0.plusSeconds(25)),
				lineage.row(null).sourcePath("s3://lake/landing/events").target("spark_catalog.bronze.events")
					.by("eve@corp.example").notebook("nb-classic").at(T0.plusSeconds(40))));

		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(first.status()).isEqualTo("SUCCEEDED");
		assertThat(first.lineage()).isEqualTo(new IngestionRun.Lineage("READ", 4, 4, null));
		assertThat(witnessed("masked-1")).containsExactly("spark_catalog.sales.orders|READ|ENGINE_LINEAGE|NOTEBOOK|nb-1",
				"spark_catalog.gold.daily|WRITE|ENGINE_LINEAGE|NOTEBOOK|nb-1");
		assertThat(witnessed("masked-2")).isEmpty();
		assertThat(witnessed("hit")).containsExactly("spark_catalog.sales.orders|READ|ENGINE_LINEAGE|ADHOC|",
				"spark_catalog.gold.daily|WRITE|ENGINE_LINEAGE|ADHOC|");
		assertThat(witnessed("parsed")).containsExactly("spark_catalog.sales.orders|READ|BOTH|ADHOC|",
				"spark_catalog.sales.customers|READ|PARSED|ADHOC|", "spark_catalog.sales.returns|READ|ENGINE_LINEAGE|ADHOC|");
		assertThat(jdbc.sql("""
				SELECT string_agg(concat_ws('|', table_name, role, user_name, source_kind, source_id), ',' ORDER BY access_no)
				FROM table_access WHERE statement_id LIKE 'lineage:row:%'""").query(String.class).single())
			.isEqualTo("delta.s3://lake/landing/events|READ|eve@corp.example|NOTEBOOK|nb-classic,"
					+ "spark_catalog.bronze.events|WRITE|eve@corp.example|NOTEBOOK|nb-classic");
		assertThat(jdbc.sql("SELECT entity_metadata->>'notebook_id' FROM engine_lineage WHERE statement_id = 'masked-1'")
			.query(String.class)
			.single()).isEqualTo("nb-1");
		IngestionStatus.LineageStatus now = status.current().lineage();
		assertThat(now.maskedStatements()).isEqualTo(3);
		assertThat(now.maskedWithoutLineage()).as("masked-2 only: the cache hit has its origin's").isEqualTo(1);
		assertThat(now.disagreements()).isEqualTo(1);
		assertThat(now.lineageOnlyStatements()).isEqualTo(1);

		lineage.insert(List.of(lineage.row("masked-2").source("spark_catalog.sales.orders").by("bob@corp.example")
			.at(T0.plusSeconds(3600))));
		IngestionRun second = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(second.lineage().rowsNew()).isEqualTo(1);
		assertThat(witnessed("masked-2")).containsExactly("spark_catalog.sales.orders|READ|ENGINE_LINEAGE|ADHOC|");
		assertThat(status.current().lineage().maskedWithoutLineage()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		List<String> facts = IngestionTestSupport.facts(jdbc);
		List<String> rollups = IngestionTestSupport.rollups(jdbc);
		IngestionRun again = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(again.lineage().rowsRead()).isEqualTo(5);
		assertThat(again.lineage().rowsNew()).isZero();
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
		assertThat(IngestionTestSupport.rollups(jdbc)).isEqualTo(rollups);
	}

	private List<String> witnessed(String statementId) {
		return jdbc.sql("""
				SELECT concat_ws('|', table_name, role, witness, source_kind, source_id) FROM table_access
				WHERE statement_id = :id ORDER BY access_no""")
			.param("id", statementId)
			.query(String.class)
			.list();
	}

}
