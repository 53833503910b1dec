package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A column's views are the view graph's current views: a view dropped since, or redefined without the
 * column, no longer uses it; a renamed one uses it under its new name; one known only from the inventory
 * uses the columns its definition reads (its names resolved in its own catalog and schema, {@code *}
 * against the inventory's columns, but the ones it excepts), until it vanishes from the inventory.
 */
@IntegrationTest
class ColumnViewGraphIntegrationTests {

	/** Before the 10-day window the answers are asked for: the view statements' own reads are not in it. */
	static final Instant T0 = Instant.now().minus(20, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	@Test
	void listsTheCurrentViewsOfTheViewGraphThatReadTheColumn() {
		IngestionTestSupport.reset(jdbc);
		String c = UsageFixtures.unique("cv");
		String orders = c + ".sales.orders";
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type) VALUES
				    (:c, 'sales', 'orders', 'MANAGED'), (:c, 'sales', 'v_inv', 'VIEW'),
				    (:c, 'sales', 'v_star', 'MATERIALIZED_VIEW')""").param("c", c).update();
		List.of("id", "customer_id", "amount", "status", "notes", "region").forEach(column -> jdbc.sql("""
				INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name) VALUES
				    (:c, 'sales', 'orders', :column)""").param("c", c).param("column", column).update());
		jdbc.sql("""
				INSERT INTO lakehouse.views VALUES
				    (:c, 'sales', 'v_inv', 'SELECT o.amount, notes FROM sales.orders o'),
				    (:c, 'sales', 'v_star', 'SELECT * EXCEPT (customer_id) FROM orders')""").param("c", c).update();
		catalog.sync();
		var source = new SourceRows(jdbc);
		statement(source, c + "-1", 0, "CREATE VIEW " + c + ".sales.v_drop AS SELECT customer_id, amount FROM " + orders);
		statement(source, c + "-2", 1, "DROP VIEW " + c + ".sales.v_drop");
		statement(source, c + "-3", 2, "CREATE VIEW " + c + ".sales.v_old AS SELECT id, amount, region FROM " + orders);
		statement(source, c + "-4", 3, "ALTER VIEW " + c + ".sales.v_old RENAME TO " + c + ".sales.v_mid");
		statement(source, c + "-5", 4, "ALTER TABLE " + c + ".sales.v_mid RENAME TO " + c + ".sales.v_new");
		statement(source, c + "-6", 5, "CREATE VIEW " + c + ".sales.v_redef AS SELECT amount FROM " + orders);
		statement(source, c + "-7", 6,
				"CREATE OR REPLACE VIEW " + c + ".sales.v_redef AS SELECT status FROM " + orders + " WHERE id > 0");
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		RollupAssertions.assertRollupsMatchFacts(jdbc, c + ".%");

		assertThat(views(orders, "amount")).containsExactly(c + ".sales.v_inv INVENTORY VIEW",
				c + ".sales.v_new HISTORY VIEW", c + ".sales.v_star INVENTORY MATERIALIZED_VIEW");
		assertThat(views(orders, "status")).containsExactly(c + ".sales.v_redef HISTORY VIEW",
				c + ".sales.v_star INVENTORY MATERIALIZED_VIEW");
		assertThat(views(orders, "id")).containsExactly(c + ".sales.v_new HISTORY VIEW",
				c + ".sales.v_redef HISTORY VIEW", c + ".sales.v_star INVENTORY MATERIALIZED_VIEW");

		JsonNode customer = impact(orders, "customer_id");
		assertThat(customer.get("views").isEmpty()).as("the only view on it was dropped").isTrue();
		assertThat(customer.get("verdict").asString()).isEqualTo("UNUSED");
		JsonNode region = impact(orders, "region");
		assertThat(region.get("verdict").asString()).isEqualTo("USED_BY_VIEWS");
		assertThat(region.get("views").get(0).get("definedAt").asString())
			.as("a renamed view keeps the time of its definition").isEqualTo(T0.plusSeconds(120).toString());

		jdbc.sql("DELETE FROM lakehouse.views WHERE table_catalog = :c AND table_name = 'v_inv'").param("c", c).update();
		catalog.sync();
		assertThat(views(orders, "notes")).as("the view vanished from the inventory")
			.containsExactly(c + ".sales.v_star INVENTORY MATERIALIZED_VIEW");
		jdbc.sql("DELETE FROM lakehouse.views WHERE table_catalog = :c").param("c", c).update();
		jdbc.sql("DELETE FROM lakehouse.columns WHERE table_catalog = :c").param("c", c).update();
		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c").param("c", c).update();
		catalog.sync();
	}

	private static void statement(SourceRows source, String id, int minutes, String text) {
		source.row(id).user("dev").started(T0.plusSeconds(60L * minutes)).text(text).save();
	}

	private List<String> views(String table, String column) {
		return impact(table, column).get("views")
			.valueStream()
			.map(view -> view.get("view").asString() + " " + view.get("witness").asString() + " "
					+ view.get("kind").asString())
			.toList();
	}

	private JsonNode impact(String table, String column) {
		return TestApi.withKey(port)
			.get()
			.uri("/api/v1/tables/" + table + "/columns/" + column + "/impact?lookbackDays=10")
			.retrieve()
			.body(JsonNode.class);
	}

}
