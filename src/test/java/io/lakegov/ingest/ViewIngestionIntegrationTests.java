package io.lakegov.ingest;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.support.IntegrationTest;
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
 * Reads through views, end to end: statements in the PostgreSQL source's history create a two-level view
 * chain on a base table and users read the views; the source's inventory defines one more view.
 * Before the base table is dropped, its impact report and its readers show the view readers with their paths.
 */
@IntegrationTest
class ViewIngestionIntegrationTests {

	static final Instant T0 = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient jdbc;

	@Test
	void theImpactOfDroppingABaseTableShowsTheReadersOfTheViewsOnItWithTheirPaths() {
		IngestionTestSupport.reset(jdbc);
		String c = UsageFixtures.unique("vi");
		String orders = c + ".sales.orders";
		String enriched = c + ".sales.orders_enriched";
		String byRegion = c + ".gold.revenue_by_region";
		String big = c + ".sales.big_orders";
		var source = new SourceRows(jdbc);
		source.row(c + "-1").user("dev").started(T0).text("CREATE VIEW " + enriched
				+ " AS SELECT o.id, o.amount, cu.region FROM " + orders + " o JOIN " + c
				+ ".sales.customers cu ON o.customer_id = cu.id").save();
		source.row(c + "-2").user("dev").started(T0.plusSeconds(60)).text("CREATE OR REPLACE VIEW " + byRegion
				+ " AS SELECT region, sum(amount) AS revenue FROM " + enriched + " GROUP BY region").save();
		source.row(c + "-3").user("dev").started(T0.plusSeconds(90)).status("FAILED")
			.text("CREATE VIEW " + c + ".gold.broken AS SELECT * FROM " + orders).save();
		source.row(c + "-4").user("ann").started(T0.plusSeconds(600)).source("{\"dashboard_id\": \"d-1\"}")
			.text("SELECT * FROM " + byRegion + " ORDER BY revenue DESC").save();
		source.row(c + "-5").user("bob").started(T0.plusSeconds(700)).text("SELECT count(*) FROM " + enriched).save();
		source.row(c + "-6").user("cid").started(T0.plusSeconds(800)).text("SELECT * FROM " + c + ".gold.broken").save();
		source.row(c + "-7").user("erin").started(T0.plusSeconds(900)).text("SELECT * FROM " + big).save();
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
				VALUES (:c, 'sales', 'orders', 'MANAGED', :at, :at), (:c, 'sales', 'big_orders', 'VIEW', :at, :at)""")
			.param("c", c)
			.param("at", Timestamp.from(T0.minus(1, ChronoUnit.DAYS)))
			.update();
		jdbc.sql("INSERT INTO lakehouse.views VALUES (:c, 'sales', 'big_orders', 'SELECT * FROM sales.orders WHERE amount > 1000')")
			.param("c", c)
			.update();

		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		assertThat(catalog.sync().viewDefinitions()).isGreaterThanOrEqualTo(1);

		JsonNode impact = get("/api/v1/tables/" + orders + "/impact");
		assertThat(impact.get("views").valueStream().map(view -> view.get("path").get("path").asString()).toList())
			.containsExactly(orders + " ← " + big, orders + " ← " + enriched, orders + " ← " + enriched + " ← " + byRegion);
		assertThat(impact.get("indirectReaders").valueStream()
			.map(reader -> reader.get("paths").get(0).asString())
			.toList()).containsExactly(orders + " ← " + enriched + " ← " + byRegion + " ← ann",
					orders + " ← " + enriched + " ← bob", orders + " ← " + big + " ← erin");
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		assertThat(impact.get("evidence").get("indirectReaders").asLong()).as("cid read a view that was never made")
			.isEqualTo(3);

		JsonNode readers = get("/api/v1/tables/" + orders + "/readers?indirect=true").get("users").get("items");
		List<String> rows = readers.valueStream()
			.map(item -> item.get("user").asString() + " " + item.get("access").asString())
			.toList();
		assertThat(rows).containsExactlyInAnyOrder("dev DIRECT", "dev VIA", "ann VIA", "bob VIA", "erin VIA");
		assertThat(jdbc.sql("SELECT count(*) FROM view_inventory WHERE full_name = :v").param("v", big)
			.query(Long.class).single()).isEqualTo(1);

		jdbc.sql("DELETE FROM lakehouse.views WHERE table_catalog = :c").param("c", c).update();
		catalog.sync();
		assertThat(jdbc.sql("SELECT ended FROM view_inventory WHERE full_name = :v").param("v", big)
			.query(String.class).single()).isEqualTo("VANISHED");
	}

	@Test
	void aRenamedViewContinuesUnderItsNewNameAndCreateIfNotExistsKeepsTheDefinition() {
		IngestionTestSupport.reset(jdbc);
		String c = UsageFixtures.unique("vr");
		String base = c + ".s.base";
		String other = c + ".s.other";
		String later = c + ".s.later";
		String v = c + ".s.v";
		String w = c + ".s.w";
		String x = c + ".s.x";
		Instant day6 = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(6, ChronoUnit.DAYS).plus(10, ChronoUnit.HOURS);
		var source = new SourceRows(jdbc);
		source.row(c + "-1").user("dev").started(day6).text("CREATE VIEW " + v + " AS SELECT * FROM " + base).save();
		source.row(c + "-2").user("dev").started(day6.plusSeconds(60))
			.text("CREATE VIEW IF NOT EXISTS " + v + " AS SELECT * FROM " + other).save();
		source.row(c + "-3").user("dev").started(day6.plus(1, ChronoUnit.DAYS)).text("ALTER VIEW " + v + " RENAME TO " + w)
			.save();
		source.row(c + "-4").user("dev").started(day6.plus(2, ChronoUnit.DAYS))
			.text("CREATE VIEW " + v + " AS SELECT * FROM " + later).save();
		source.row(c + "-5").user("ann").started(day6.plus(3, ChronoUnit.DAYS)).text("SELECT * FROM " + w).save();
		source.row(c + "-6").user("bob").started(day6.plus(3, ChronoUnit.DAYS)).text("SELECT * FROM " + v).save();
		source.row(c + "-7").user("dev").started(day6.plus(4, ChronoUnit.DAYS)).text("ALTER TABLE " + w + " RENAME TO " + x)
			.save();
		source.row(c + "-8").user("cid").started(day6.plus(5, ChronoUnit.DAYS)).text("SELECT * FROM " + x).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		assertThat(readers(base)).containsExactly("ann VIA [" + base + " ← " + w + "]", "cid VIA [" + base + " ← " + x + "]",
				"dev DIRECT []");
		assertThat(readers(other)).as("IF NOT EXISTS over an existing view defines nothing").containsExactly("dev DIRECT []");
		assertThat(readers(later)).as("a view made under the old name after the rename is a new view")
			.containsExactly("bob VIA [" + later + " ← " + v + "]", "dev DIRECT []");
	}

	private List<String> readers(String table) {
		return get("/api/v1/tables/" + table + "/readers?indirect=true").get("users").get("items").valueStream()
			.map(item -> item.get("user").asString() + " " + item.get("access").asString() + " "
					+ (item.has("via") ? item.get("via").valueStream().map(path -> path.get("path").asString()).toList()
							: List.of()))
			.toList();
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
