package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The views, sources and downstream tables of a column's impact through late rows, re-runs, re-analysis
 * and re-resolution: the sources and downstream tables from rollups kept equal to the facts, the views
 * from the view graph's current definitions (a CREATE VIEW IF NOT EXISTS over an existing view defines
 * nothing).
 */
@IntegrationTest(properties = { "lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=default",
		"lakegov.history.keep-raw-text=true" })
class ColumnImpactViewsIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	SourceRows source;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		jdbc.sql("TRUNCATE lakehouse.tables, lakehouse.columns").update();
		source = new SourceRows(jdbc);
		table("sales", "orders", "id", "customer_id", "amount", "status", "notes");
		table("staging", "orders", "id", "status");
		catalog.sync();
	}

	@Test
	void listsTheViewsWhoseCurrentDefinitionReadsTheColumn() {
		source.row("v1").text("CREATE VIEW main.sales.v_amount AS SELECT id, amount FROM main.sales.orders")
			.user("dev").started(T0).save();
		source.row("v2").text("CREATE VIEW IF NOT EXISTS main.sales.v_amount AS SELECT id, status FROM main.sales.orders")
			.user("dev").started(T0.plusSeconds(10)).save();
		source.row("v3").text("CREATE VIEW IF NOT EXISTS main.sales.v_status AS SELECT status FROM main.sales.orders")
			.user("dev").started(T0.plusSeconds(20)).save();
		source.row("w1").text("INSERT INTO main.staging.orders SELECT id, status FROM main.sales.orders")
			.user("etl").source("{\"job_info\": {\"job_id\": \"7\"}}").started(T0.plusSeconds(25)).save();
		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(views("amount")).as("IF NOT EXISTS over an existing view defines nothing")
			.containsExactly("main.sales.v_amount");
		assertThat(views("status")).containsExactly("main.sales.v_status");
		JsonNode status = get("/api/v1/tables/main.sales.orders/columns/status/impact");
		assertThat(status.get("downstream").findValuesAsString("table")).containsExactly("main.staging.orders");
		assertThat(status.get("sources").findValuesAsString("id")).containsExactly("7");
		assertThat(status.get("lastRead")).isNotNull();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		source.row("v4").text("CREATE OR REPLACE VIEW main.sales.v_amount AS SELECT notes FROM main.sales.orders")
			.user("dev").started(T0.plusSeconds(5)).updated(T0.plusSeconds(60)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(views("amount")).as("a late replacement before the IF NOT EXISTS is the latest definition").isEmpty();
		assertThat(views("notes")).containsExactly("main.sales.v_amount");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		source.row("d1").text("DROP VIEW main.sales.v_amount").user("dev").started(T0.plusSeconds(30))
			.updated(T0.plusSeconds(70)).save();
		source.row("v5").text("CREATE VIEW IF NOT EXISTS main.sales.v_amount AS SELECT customer_id FROM main.sales.orders")
			.user("dev").started(T0.plusSeconds(40)).updated(T0.plusSeconds(70)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(views("customer_id")).as("IF NOT EXISTS after a drop defines the view")
			.containsExactly("main.sales.v_amount");
		assertThat(views("notes")).isEmpty();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		ingestion.runIncremental(RunKind.MANUAL);
		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1'").update();
		assertThat(ingestion.reanalyse().status()).isEqualTo("SUCCEEDED");
		assertThat(views("customer_id")).containsExactly("main.sales.v_amount");
		assertThat(views("status")).containsExactly("main.sales.v_status");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void followsTheColumnsResolvedAgainWhenTheInventoryArrives() {
		jdbc.sql("TRUNCATE lakehouse.columns, column_inventory").update();
		catalog.sync();
		source.row("r1").text("CREATE VIEW main.sales.v_all AS SELECT * FROM main.sales.orders").user("dev")
			.started(T0).save();
		source.row("r2").text("INSERT INTO main.staging.orders SELECT amount, status FROM main.sales.orders")
			.user("etl").started(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(views("amount")).isEmpty();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		columns("sales", "orders", "id", "customer_id", "amount", "status", "notes");
		columns("staging", "orders", "id", "status");
		catalog.sync();

		assertThat(views("amount")).containsExactly("main.sales.v_all");
		assertThat(get("/api/v1/tables/main.sales.orders/columns/amount/impact").get("downstream")
			.findValuesAsString("table")).containsExactly("main.staging.orders");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	private List<String> views(String column) {
		return get("/api/v1/tables/main.sales.orders/columns/" + column + "/impact").get("views")
			.findValuesAsString("view");
	}

	private JsonNode get(String path) {
		return TestApi.withKey(port).get().uri(path).retrieve().body(JsonNode.class);
	}

	private void table(String schema, String name, String... columns) {
		jdbc.sql("INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name) VALUES ('main', :s, :n)")
			.param("s", schema)
			.param("n", name)
			.update();
		columns(schema, name, columns);
	}

	private void columns(String schema, String name, String... columns) {
		for (String column : columns) {
			jdbc.sql("""
					INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
					VALUES ('main', :s, :n, :c, (SELECT count(*) + 1 FROM lakehouse.columns WHERE table_schema = :s
					    AND table_name = :n))""")
				.param("s", schema)
				.param("n", name)
				.param("c", column)
				.update();
		}
	}

}
