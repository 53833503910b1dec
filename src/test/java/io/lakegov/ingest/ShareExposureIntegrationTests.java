package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Delta Sharing statements from the PostgreSQL source through ingestion to the impact report and the table lists:
 * a table in a share is exposed outside the workspace, so it is never unused.
 */
@IntegrationTest(properties = { "lakegov.ingest.batch-size=2", "lakegov.history.keep-raw-text=true" })
class ShareExposureIntegrationTests {

	static final Instant T0 = Instant.now().minus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient jdbc;

	SourceRows source;

	String c;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		source = new SourceRows(jdbc);
		c = UsageFixtures.unique("shr");
	}

	@Test
	void reportsWhoSharedATableWhenUnderWhichNameAndThatItIsNotUnused() {
		source.row("a1").text("ALTER SHARE partners ADD TABLE " + c + ".sales.orders AS sales.orders WITH HISTORY")
			.user("ann").started(T0).save();
		source.row("u1").text("USE CATALOG " + c).user("bob").session("s-1").started(T0.plusSeconds(1)).save();
		source.row("a2").text("ALTER SHARE partners ADD TABLE sales.customers").user("bob").session("s-1")
			.started(T0.plusSeconds(2)).save();
		source.row("a3").text("ALTER SHARE partners REMOVE TABLE " + c + ".sales.customers").user("cid")
			.started(T0.plusSeconds(3)).save();
		source.row("a4").text("ALTER SHARE old_partners ADD TABLE " + c + ".sales.items").user("ann")
			.started(T0.plusSeconds(4)).save();
		source.row("d1").text("DROP SHARE IF EXISTS old_partners").user("dee").started(T0.plusSeconds(5)).save();
		source.row("f1").text("ALTER SHARE partners ADD TABLE " + c + ".sales.returns").user("eve").status("FAILED")
			.started(T0.plusSeconds(6)).save();
		List.of("orders", "customers", "items", "returns").forEach(this::addSourceTable);
		catalog.sync();

		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		JsonNode orders = impact(c + ".sales.orders");
		assertThat(orders.get("verdict").asString()).isEqualTo("SHARED");
		assertThat(orders.get("evidence").get("shares").asLong()).isEqualTo(1);
		assertThat(orders.get("evidence").get("reads").asLong()).isZero();
		JsonNode share = orders.get("shares").get(0);
		assertThat(share.get("share").asString()).isEqualTo("partners");
		assertThat(share.get("current").asBoolean()).isTrue();
		assertThat(share.get("alias").asString()).isEqualTo("sales.orders");
		assertThat(share.get("withHistory").asBoolean()).isTrue();
		assertThat(share.get("addedBy").asString()).isEqualTo("ann");
		assertThat(share.get("addedStatement").asString()).isEqualTo("a1");
		assertThat(Instant.parse(share.get("addedAt").asString())).isEqualTo(T0);
		assertThat(share.get("openedBy").asString()).isEqualTo("ADD");
		assertThat(share.get("removedAt").isNull()).isTrue();

		JsonNode customers = impact(c + ".sales.customers");
		assertThat(customers.get("verdict").asString()).as("removed from its share").isEqualTo("UNUSED");
		JsonNode removed = customers.get("shares").get(0);
		assertThat(removed.get("addedBy").asString()).as("resolved with the session's USE").isEqualTo("bob");
		assertThat(removed.get("current").asBoolean()).isFalse();
		assertThat(removed.get("removedBy").asString()).isEqualTo("cid");
		assertThat(removed.get("closedBy").asString()).isEqualTo("REMOVE");
		assertThat(removed.get("alias").isNull()).isTrue();

		JsonNode items = impact(c + ".sales.items");
		assertThat(items.get("verdict").asString()).as("its share was dropped").isEqualTo("UNUSED");
		assertThat(items.get("shares").get(0).get("closedBy").asString()).isEqualTo("DROP");
		assertThat(items.get("shares").get(0).get("removedBy").asString()).isEqualTo("dee");

		assertThat(impact(c + ".sales.returns").get("shares")).as("a failed ALTER SHARE shares nothing").isEmpty();

		assertThat(unused()).containsExactly(c + ".sales.customers", c + ".sales.items", c + ".sales.returns");
		JsonNode tables = get("/api/v1/tables?prefix=" + c + ".sales.&size=10").get("items");
		assertThat(tables.valueStream().filter(t -> t.get("shared").asBoolean()).map(t -> t.get("table").asString())
			.toList()).containsExactly(c + ".sales.orders");
	}

	@Test
	void aStatementThatChangesItsTextOrStatusChangesTheExposure() {
		source.row("a1").text("ALTER SHARE partners ADD TABLE " + c + ".sales.orders").user("ann").status("RUNNING")
			.started(T0).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(impact(c + ".sales.orders").get("shares")).as("not finished yet").isEmpty();

		source.row("a1").text("ALTER SHARE partners ADD TABLE " + c + ".sales.orders").user("ann").status("FINISHED")
			.started(T0).updated(Instant.now()).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(impact(c + ".sales.orders").get("verdict").asString()).isEqualTo("SHARED");

		source.row("r1").text("ALTER SHARE partners RENAME TO partners_eu").user("bob").started(T0.plusSeconds(120))
			.updated(Instant.now()).save();
		ingestion.runIncremental(RunKind.MANUAL);
		JsonNode shares = impact(c + ".sales.orders").get("shares");
		assertThat(shares).hasSize(2);
		assertThat(shares.get(0).get("share").asString()).isEqualTo("partners_eu");
		assertThat(shares.get(0).get("openedBy").asString()).isEqualTo("RENAME");
		assertThat(shares.get(0).get("current").asBoolean()).isTrue();
		assertThat(shares.get(1).get("closedBy").asString()).isEqualTo("RENAME");
		assertThat(jdbc.sql("SELECT count(*) FROM share_event").query(Long.class).single()).isEqualTo(2);
	}

	private List<String> unused() {
		return get("/api/v1/tables/unused?days=90&size=1000").get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.sorted()
			.toList();
	}

	private void addSourceTable(String name) {
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, data_source_format,
				    storage_path, created, last_altered)
				VALUES (:catalog, 'sales', :name, 'MANAGED', 'DELTA', NULL, now(), now())""")
			.param("catalog", c)
			.param("name", name)
			.update();
	}

	private JsonNode impact(String table) {
		return get("/api/v1/tables/" + table + "/impact");
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
