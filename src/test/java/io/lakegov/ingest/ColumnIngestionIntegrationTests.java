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
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Column facts through ingestion on the PostgreSQL source: resolved against the column inventory synced
 * from it, served by the column endpoints, and their rollup equal to them.
 */
@IntegrationTest(properties = { "lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=default",
		"lakegov.history.keep-raw-text=true" })
class ColumnIngestionIntegrationTests {

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
		table("sales", "customers", "id", "name", "region", "email");
		table("gold", "summary", "region", "total");
		table("staging", "orders", "id", "status");
		catalog.sync();
	}

	@Test
	void recordsTheColumnsStatementsUseResolvedAgainstTheInventory() {
		source.row("c1").text("SELECT o.amount, c.name FROM sales.orders o JOIN sales.customers c "
				+ "ON o.customer_id = c.id WHERE status = 'open'").user("ann").source("{\"dashboard_id\": \"d-1\"}")
			.started(T0).save();
		source.row("c2").text("SELECT * FROM main.sales.customers").user("bob").started(T0.plusSeconds(1)).save();
		source.row("c3").text("INSERT INTO main.gold.summary SELECT region, sum(amount) FROM main.sales.orders o "
				+ "JOIN main.sales.customers c ON o.customer_id = c.id GROUP BY region").user("etl")
			.source("{\"job_info\": {\"job_id\": \"7\"}}").started(T0.plusSeconds(2)).save();
		source.row("c4").text("SELECT id FROM main.sales.orders o JOIN main.sales.customers c ON o.customer_id = c.id")
			.user("cid").started(T0.plusSeconds(3)).save();
		source.row("c5").text("WITH eu AS (SELECT * FROM main.sales.customers WHERE region = 'EU') "
				+ "SELECT e.name FROM eu e").user("dee").started(T0.plusSeconds(4)).save();
		source.row("c6").text("MERGE INTO main.sales.orders t USING main.staging.orders s ON t.id = s.id "
				+ "WHEN MATCHED THEN UPDATE SET t.status = s.status").user("etl").started(T0.plusSeconds(5)).save();
		source.row("c7").text("OPTIMIZE main.sales.orders ZORDER BY (status)").user("etl").started(T0.plusSeconds(6))
			.save();
		source.row("c8").text("CREATE VIEW main.sales.open_orders AS SELECT id, amount FROM main.sales.orders "
				+ "WHERE status = 'open'").user("eve").started(T0.plusSeconds(7)).save();

		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		assertThat(columns("c1")).containsExactly("main.sales.customers.id|READ|RESOLVED",
				"main.sales.customers.name|READ|RESOLVED", "main.sales.orders.amount|READ|RESOLVED",
				"main.sales.orders.customer_id|READ|RESOLVED", "main.sales.orders.status|READ|RESOLVED");
		assertThat(columns("c2")).containsExactly("main.sales.customers.email|READ|RESOLVED",
				"main.sales.customers.id|READ|RESOLVED", "main.sales.customers.name|READ|RESOLVED",
				"main.sales.customers.region|READ|RESOLVED");
		assertThat(columns("c3")).containsExactly("main.gold.summary.region|WRITE|RESOLVED",
				"main.gold.summary.total|WRITE|RESOLVED", "main.sales.customers.id|READ|RESOLVED",
				"main.sales.customers.region|READ|RESOLVED", "main.sales.orders.amount|READ|RESOLVED",
				"main.sales.orders.customer_id|READ|RESOLVED");
		assertThat(columns("c4")).containsExactly("main.sales.customers.id|READ|AMBIGUOUS",
				"main.sales.customers.id|READ|RESOLVED", "main.sales.orders.customer_id|READ|RESOLVED",
				"main.sales.orders.id|READ|AMBIGUOUS");
		assertThat(columns("c5")).containsExactly("main.sales.customers.email|READ|RESOLVED",
				"main.sales.customers.id|READ|RESOLVED", "main.sales.customers.name|READ|RESOLVED",
				"main.sales.customers.region|READ|RESOLVED");
		assertThat(columns("c6")).containsExactly("main.sales.orders.id|READ|RESOLVED",
				"main.sales.orders.status|WRITE|RESOLVED", "main.staging.orders.id|READ|RESOLVED",
				"main.staging.orders.status|READ|RESOLVED");
		assertThat(columns("c7")).containsExactly("main.sales.orders.|WRITE|UNKNOWN");
		assertThat(jdbc.sql("SELECT candidates::text FROM column_access WHERE statement_id = 'c4' AND resolution = 'AMBIGUOUS' LIMIT 1")
			.query(String.class).single()).isEqualTo("{main.sales.orders,main.sales.customers}");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");

		JsonNode orders = get("/api/v1/tables/main.sales.orders/columns");
		assertThat(orders.get("columns").get("items").get(0).get("column").asString()).isEqualTo("amount");
		assertThat(orders.get("columns").get("items").get(0).get("reads").asLong()).isEqualTo(3);
		assertThat(orders.get("columns").get("items").get(0).get("readers").asLong()).isEqualTo(3);
		assertThat(orders.get("unread").get(0).get("column").asString()).isEqualTo("notes");
		assertThat(orders.get("unread")).hasSize(1);
		assertThat(orders.get("inventoryColumns").asInt()).isEqualTo(5);
		assertThat(orders.get("unattributed").get("ambiguous").asLong()).isEqualTo(1);

		JsonNode amount = get("/api/v1/tables/main.sales.orders/columns/amount/impact");
		assertThat(amount.get("verdict").asString()).isEqualTo("ACTIVE");
		assertThat(amount.get("evidence").get("reads").asLong()).isEqualTo(3);
		assertThat(amount.get("evidence").get("etlReads").asLong()).isEqualTo(1);
		assertThat(amount.get("downstream").get(0).get("table").asString()).isEqualTo("main.gold.summary");
		assertThat(amount.get("downstream")).hasSize(1);
		assertThat(amount.get("views").get(0).get("view").asString()).isEqualTo("main.sales.open_orders");
		assertThat(amount.get("inInventory").asBoolean()).isTrue();
		JsonNode notes = get("/api/v1/tables/main.sales.orders/columns/NOTES/impact");
		assertThat(notes.get("verdict").asString()).as("OPTIMIZE's columns are not known").isEqualTo("POSSIBLY_USED");
		assertThat(notes.get("evidence").get("unknownStatements").asLong()).isEqualTo(1);
		assertThat(get("/api/v1/tables/main.sales.orders/columns/status/impact").get("writers").get(0).get("user")
			.asString()).isEqualTo("etl");
	}

	@Test
	void replacesAStatementsColumnFactsWhenItChangesAndKeepsTheRollupEqual() {
		source.row("r1").text("SELECT amount FROM main.sales.orders").user("ann").started(T0).save();
		source.row("r2").text("SELECT status FROM main.sales.orders").user("bob").started(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		source.clear();
		source.row("r1").text("SELECT notes FROM main.sales.orders").user("ann").started(T0)
			.updated(T0.plusSeconds(30)).save();
		source.row("r2").text("SELECT status FROM main.sales.orders").user("bob").started(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(columns("r1")).containsExactly("main.sales.orders.notes|READ|RESOLVED");
		assertThat(jdbc.sql("SELECT sum(statements) FROM column_daily WHERE table_name = 'main.sales.orders'")
			.query(Long.class).single()).isEqualTo(2);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void resolvesTheColumnFactsAgainWhenTheColumnsArriveAfterTheStatements() {
		jdbc.sql("TRUNCATE lakehouse.columns, column_inventory").update();
		catalog.sync();
		source.row("l1").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
		source.row("l2").text("SELECT amount FROM main.sales.orders o JOIN main.sales.customers c "
				+ "ON o.customer_id = c.id").user("bob").started(T0.plusSeconds(1)).save();
		source.row("l3").text("SELECT status FROM main.staging.orders").user("cid").started(T0.plusSeconds(2)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(columns("l1")).containsExactly("main.sales.orders.*|READ|UNRESOLVED");
		assertThat(columns("l2")).containsExactly("main.sales.customers.amount|READ|AMBIGUOUS",
				"main.sales.customers.id|READ|RESOLVED", "main.sales.orders.amount|READ|AMBIGUOUS",
				"main.sales.orders.customer_id|READ|RESOLVED");
		assertThat(get("/api/v1/tables/main.sales.orders/columns").get("unattributed").get("unresolved").asLong())
			.isEqualTo(1);

		columns("sales", "orders", "id", "customer_id", "amount", "status", "notes");
		columns("sales", "customers", "id", "name", "region", "email");
		catalog.sync();

		assertThat(columns("l1")).containsExactly("main.sales.orders.amount|READ|RESOLVED",
				"main.sales.orders.customer_id|READ|RESOLVED", "main.sales.orders.id|READ|RESOLVED",
				"main.sales.orders.notes|READ|RESOLVED", "main.sales.orders.status|READ|RESOLVED");
		assertThat(columns("l2")).containsExactly("main.sales.customers.id|READ|RESOLVED",
				"main.sales.orders.amount|READ|RESOLVED", "main.sales.orders.customer_id|READ|RESOLVED");
		assertThat(columns("l3")).containsExactly("main.staging.orders.status|READ|RESOLVED");
		assertThat(jdbc.sql("SELECT count(*) FROM column_resolution_queue").query(Long.class).single()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
		JsonNode orders = get("/api/v1/tables/main.sales.orders/columns");
		assertThat(orders.get("columns").get("items").get(0).get("column").asString()).isEqualTo("amount");
		assertThat(orders.get("columns").get("items").get(0).get("reads").asLong()).isEqualTo(2);
		assertThat(orders.get("columns").get("items").get(0).get("readers").asLong()).isEqualTo(2);
		assertThat(orders.get("unread")).isEmpty();
		assertThat(orders.get("unattributed").get("ambiguous").asLong()).isZero();
		assertThat(orders.get("unattributed").get("unresolved").asLong()).isZero();

		columns("sales", "orders", "discount");
		catalog.sync();
		assertThat(columns("l1")).as("read before the inventory listed the table: its columns as listed now")
			.contains("main.sales.orders.discount|READ|RESOLVED")
			.hasSize(6);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void answersAfreshWhenTheColumnInventoryChanges() {
		source.row("r1").text("SELECT amount FROM main.sales.orders").user("ann").started(T0).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(get("/api/v1/tables/main.sales.orders/columns").get("inventoryColumns").asInt()).isEqualTo(5);
		long generation = generation();
		catalog.sync();
		assertThat(generation()).as("an unchanged inventory keeps the reused answers").isEqualTo(generation);

		jdbc.sql("""
				INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
				VALUES ('main', 'sales', 'orders', 'discount', 6)""").update();
		catalog.sync();

		assertThat(generation()).isGreaterThan(generation);
		JsonNode columns = get("/api/v1/tables/main.sales.orders/columns");
		assertThat(columns.get("inventoryColumns").asInt()).isEqualTo(6);
		assertThat(columns.get("unread").findValuesAsString("column")).contains("discount");
		assertThat(get("/api/v1/tables/main.sales.orders/columns/discount/impact").get("inInventory").asBoolean()).isTrue();
	}

	private long generation() {
		return jdbc.sql("SELECT generation FROM store_generation").query(Long.class).single();
	}

	@Test
	void refusesBadColumnNamesWithProblemDetails() {
		for (String bad : List.of("a;b", "a b", "`a", "1abc", "a.b", "a``b`")) {
			var response = TestApi.withKey(port).get().uri("/api/v1/tables/main.sales.orders/columns/{c}/impact", bad)
				.retrieve().toEntity(JsonNode.class);
			assertThat(response.getStatusCode()).as(bad).isEqualTo(HttpStatus.BAD_REQUEST);
			assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		}
		assertThat(TestApi.withKey(port).get().uri("/api/v1/tables/main.sales.orders/columns/{c}/impact", "`odd name`")
			.retrieve().body(JsonNode.class).get("column").asString())
			.isEqualTo("odd name");
	}

	private void table(String schema, String name, String... columns) {
		jdbc.sql("INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name) VALUES ('main', :s, :n)")
			.param("s", schema)
			.param("n", name)
			.update();
		for (int i = 0; i < columns.length; i++) {
			jdbc.sql("""
					INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
					VALUES ('main', :s, :n, :c, :p)""")
				.param("s", schema)
				.param("n", name)
				.param("c", columns[i])
				.param("p", i + 1)
				.update();
		}
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

	private List<String> columns(String statementId) {
		return jdbc.sql("""
				SELECT table_name || '.' || column_name || '|' || role || '|' || resolution FROM column_access
				WHERE statement_id = :id ORDER BY 1""")
			.param("id", statementId)
			.query(String.class)
			.list();
	}

	private JsonNode get(String path) {
		RestClient api = TestApi.withKey(port);
		return api.get().uri(path).retrieve().body(JsonNode.class);
	}

}
