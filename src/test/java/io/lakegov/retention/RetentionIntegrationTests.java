package io.lakegov.retention;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.lakegov.history.SourceDatabase;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.pages.PageSession;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest(properties = { "lakegov.retention.proposals-cache-ttl=0s", "lakegov.retention.settings-cache-ttl=0s",
		"lakegov.retention.history-cache-ttl=0s", "lakegov.retention.max-inventory-tables=" + RetentionIntegrationTests.INVENTORY })
class RetentionIntegrationTests {

	/** Inventory tables looked at, more than the demo's. */
	static final int INVENTORY = 100;

	static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

	static final String GONE = "[DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION] Cannot time travel "
			+ "beyond delta.deletedFileRetentionDuration (168 HOURS) set on the table. SQLSTATE: 0AKDC";

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	@Autowired
	SourceDatabase source;

	RestClient api;

	Instant now;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc, "query.history", "lakehouse.tables", "lakehouse.table_properties",
				"lakehouse.table_history");
		api = TestApi.withKey(port);
		now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
	}

	@Test
	void demoWarehouseShowsAllThreeKinds() {
		var statements = new DemoWorkload(7).generate(now.minus(29, ChronoUnit.DAYS), now.minusSeconds(60), 2500);
		var warehouse = new DemoWarehouse(source);
		warehouse.writeFinished(statements);
		warehouse.refreshCatalog(now);
		ingestion.runIncremental(RunKind.MANUAL);

		JsonNode page = api.get().uri("/api/v1/retention/proposals?size=500").retrieve().body(JsonNode.class);

		assertThat(page.get("inventory").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(page.get("metadata").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(page.get("inventoryCut").asBoolean()).isFalse();
		assertThat(page.get("inventoryLimit").asInt()).isEqualTo(INVENTORY);

		List<String> found = new ArrayList<>();
		page.get("items").forEach(item -> found.add(item.get("kind").asString() + " " + item.get("table").asString()));
		assertThat(found).contains("RAISE main.bronze.sales_transactions", "LOWER main.finance.ledger",
				"REVIEW_UNUSED main.legacy.orders_2019");
		JsonNode raise = page.get("items").get(0);
		assertThat(raise.get("table").asString()).isEqualTo("main.bronze.sales_transactions");
		assertThat(raise.get("confidence").asString()).isEqualTo("HIGH");
		assertThat(raise.get("evidence").get("failureClasses").has("DELTA_FILE_NOT_FOUND_DETAILED")).isTrue();
		assertThat(raise.get("evidence").get("failureClasses").has("DELTA_VERSION_NOT_FOUND")).isTrue();
		assertThat(raise.get("sql").asString()).startsWith("ALTER TABLE `main`.`bronze`.`sales_transactions` SET TBLPROPERTIES");

		JsonNode lowers = api.get().uri("/api/v1/retention/proposals?kind=lower").retrieve().body(JsonNode.class);
		assertThat(lowers.get("items")).allSatisfy(item -> assertThat(item.get("kind").asString()).isEqualTo("LOWER"));
		JsonNode ledger = lowers.get("items").get(0);
		assertThat(ledger.get("table").asString()).isEqualTo("main.finance.ledger");
		assertThat(ledger.get("sql").asString()).isEqualTo("ALTER TABLE `main`.`finance`.`ledger` SET TBLPROPERTIES "
				+ "('delta.logRetentionDuration' = 'interval 30 days', 'delta.deletedFileRetentionDuration' = 'interval 7 days')");
		// the store holds 29 days, less than the 90-day lookback
		assertThat(ledger.get("confidence").asString()).isEqualTo("LOW");
	}

	@Test
	void theRetentionPageListsTheProposalsWithTheirSqlByKind() throws Exception {
		var statements = new DemoWorkload(7).generate(now.minus(29, ChronoUnit.DAYS), now.minusSeconds(60), 2500);
		var warehouse = new DemoWarehouse(source);
		warehouse.writeFinished(statements);
		warehouse.refreshCatalog(now);
		ingestion.runIncremental(RunKind.MANUAL);
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/retention").body();

		assertThat(page).contains("How long tables keep their history", "href=\"/retention\"",
				"href=\"/tables/main.bronze.sales_transactions#retention\"", "keep longer", "keep less",
				"review unused", "ALTER TABLE `main`.`bronze`.`sales_transactions` SET TBLPROPERTIES",
				"Copy the SQL");
		assertThat(page.indexOf("main.bronze.sales_transactions")).as("keep longer first")
			.isLessThan(page.indexOf("main.finance.ledger"));
		String unused = session.get("/retention?kind=review_unused").body();
		assertThat(unused).contains("main.legacy.orders_2019", "aria-current=\"true\">review unused")
			.doesNotContain("main.bronze.sales_transactions#retention", "ALTER TABLE");
		String second = session.get("/retention?size=1&page=1").body();
		assertThat(second).contains("Page <span>2</span> of", "Previous proposals");
		var unknown = session.get("/retention?kind=SHRINK");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("Unknown kind &#39;SHRINK&#39;");
	}

	@Test
	void showsOneTablesEvidenceSettingsAndProposal() {
		travel("t1", "main.it.travel", 10, null);
		travel("t2", "main.it.travel", 20, GONE);
		var rows = new SourceRows(jdbc);
		rows.row("t3").text("SELECT * FROM main.it.travel VERSION AS OF 4").user("bob").started(now.minusSeconds(30)).save();
		rows.row("t4").text("SELECT * FROM main.zz.travel").user("bob").started(now.minusSeconds(30)).save();
		jdbc.sql("""
				INSERT INTO lakehouse.table_history (table_full_name, version, timestamp, operation)
				VALUES ('main.it.travel', 4, :at, 'WRITE')""").param("at", java.sql.Timestamp.from(now.minus(2, ChronoUnit.DAYS)))
			.update();
		ingestion.runIncremental(RunKind.MANUAL);

		JsonNode table = api.get().uri("/api/v1/tables/{t}/retention", "`MAIN`.it.`Travel`").retrieve().body(JsonNode.class);

		assertThat(table.get("table").asString()).isEqualTo("main.it.travel");
		JsonNode evidence = table.get("evidence");
		assertThat(evidence.get("timeTravelReads").asInt()).isEqualTo(3);
		assertThat(evidence.get("depthKnown").asInt()).isEqualTo(3);
		assertThat(evidence.get("failures").asInt()).isEqualTo(1);
		assertThat(evidence.get("maxDays").asDouble()).isEqualTo(20.0);
		assertThat(evidence.get("users").toString()).isEqualTo("[\"ann\",\"bob\"]");
		assertThat(table.get("settings").get("known").asBoolean()).isTrue();
		assertThat(table.get("settings").get("values").get(0).get("defaulted").asBoolean()).isTrue();
		JsonNode proposal = table.get("proposals").get(0);
		assertThat(proposal.get("kind").asString()).isEqualTo("RAISE");
		assertThat(proposal.get("sql").asString()).isEqualTo("ALTER TABLE `main`.`it`.`travel` SET TBLPROPERTIES "
				+ "('delta.logRetentionDuration' = 'interval 30 days', 'delta.deletedFileRetentionDuration' = 'interval 30 days')");

		JsonNode completed = api.get().uri("/api/v1/tables/{t}/retention", "IT.travel").retrieve().body(JsonNode.class);
		assertThat(completed.get("table").asString())
			.as("a partial name one known table ends with is completed, as on the other table answers")
			.isEqualTo("main.it.travel");
		assertThat(completed.get("evidence").get("timeTravelReads").asInt()).isEqualTo(3);
		var ambiguous = api.get().uri("/api/v1/tables/travel/retention").retrieve().toEntity(JsonNode.class);
		assertThat(ambiguous.getStatusCode().value()).isEqualTo(400);
		assertThat(ambiguous.getBody().get("candidates").toString()).isEqualTo("[\"main.it.travel\",\"main.zz.travel\"]");
		var unknown = api.get().uri("/api/v1/tables/nobody.travel/retention").retrieve().toEntity(JsonNode.class);
		assertThat(unknown.getStatusCode().value()).isEqualTo(400);
		assertThat(unknown.getBody().get("detail").asString()).contains("names no table lakegov knows");
	}

	@Test
	void stillProposesWhenTheSourceRefusesShowTblproperties() {
		travel("r1", "main.it.refused", 12, GONE);
		ingestion.runIncremental(RunKind.MANUAL);
		jdbc.sql("ALTER TABLE lakehouse.table_properties RENAME TO table_properties_refused").update();
		try {
			JsonNode table = api.get().uri("/api/v1/tables/main.it.refused/retention").retrieve().body(JsonNode.class);

			assertThat(table.get("settings").get("known").asBoolean()).isFalse();
			assertThat(table.get("settings").get("note").asString()).isEqualTo("settings unknown, defaults assumed: the "
					+ "source lacks a table, or its principal may not see it, for SHOW TBLPROPERTIES of main.it.refused");
			assertThat(table.get("metadata").get("status").asString()).isEqualTo("UNAVAILABLE");
			assertThat(table.get("inventory").get("status").asString()).isEqualTo("AVAILABLE");
			JsonNode proposal = table.get("proposals").get(0);
			assertThat(proposal.get("kind").asString()).isEqualTo("RAISE");
			assertThat(proposal.get("settingsKnown").asBoolean()).isFalse();
			assertThat(proposal.get("confidence").asString()).isEqualTo("MEDIUM");
		}
		finally {
			jdbc.sql("ALTER TABLE lakehouse.table_properties_refused RENAME TO table_properties").update();
		}
	}

	@Test
	void answersAnUnknownTableWithEmptyEvidence() {
		var response = api.get().uri("/api/v1/tables/main.nobody.knows/retention").retrieve().toEntity(JsonNode.class);

		assertThat(response.getStatusCode().value()).isEqualTo(200);
		assertThat(response.getBody().get("evidence").get("timeTravelReads").asInt()).isZero();
		assertThat(response.getBody().get("proposals").size()).isZero();
	}

	@Test
	void anInventoryLongerThanTheBoundIsLookedAtInItsNewestPartAndSaysSo() throws Exception {
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
				SELECT 'main', 'many', 't' || lpad(n::text, 3, '0'), 'MANAGED', :created,
				       CAST(:created AS timestamptz) + n * interval '1 day'
				FROM generate_series(1, :count) AS n""")
			.param("created", java.sql.Timestamp.from(now.minus(400, ChronoUnit.DAYS)))
			.param("count", INVENTORY + 5)
			.update();

		JsonNode page = api.get().uri("/api/v1/retention/proposals?kind=REVIEW_UNUSED&size=500").retrieve()
			.body(JsonNode.class);

		assertThat(page.get("inventoryCut").asBoolean()).isTrue();
		assertThat(page.get("inventoryLimit").asInt()).isEqualTo(INVENTORY);
		assertThat(page.get("inventory").get("status").asString()).as("everything asked was answered")
			.isEqualTo("AVAILABLE");
		List<String> review = new ArrayList<>();
		page.get("items").forEach(item -> review.add(item.get("table").asString()));
		assertThat(review).as("the most recently altered tables, the five altered longest ago left out")
			.hasSize(INVENTORY)
			.contains("main.many.t105", "main.many.t006")
			.doesNotContain("main.many.t001", "main.many.t005");

		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		assertThat(session.get("/retention").body()).contains("id=\"inventory-cut\"",
				"The inventory lists more than 100 tables: these proposals look at the 100 altered most recently");
	}

	@Test
	void aTableReadOnlyThroughAViewIsNotProposedForReview() {
		Instant longAgo = now.minus(400, ChronoUnit.DAYS);
		for (String name : List.of("base", "alone")) {
			jdbc.sql("""
					INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
					VALUES ('main', 'vw', :name, 'MANAGED', :created, :created)""")
				.param("name", name)
				.param("created", java.sql.Timestamp.from(longAgo))
				.update();
		}
		var rows = new SourceRows(jdbc);
		rows.row("view").text("CREATE VIEW main.vw.gold AS SELECT id, amount FROM main.vw.base").user("dev")
			.started(now.minus(200, ChronoUnit.DAYS)).save();
		rows.row("dash1").text("SELECT sum(amount) FROM main.vw.gold").user("ann")
			.source("{\"dashboard_id\": \"d-1\"}").started(now.minus(5, ChronoUnit.DAYS)).save();
		rows.row("dash2").text("SELECT count(*) FROM main.vw.gold").user("ann")
			.source("{\"dashboard_id\": \"d-1\"}").started(now.minus(4, ChronoUnit.DAYS)).save();
		ingestion.runIncremental(RunKind.MANUAL);

		JsonNode page = api.get().uri("/api/v1/retention/proposals?kind=REVIEW_UNUSED&size=500").retrieve()
			.body(JsonNode.class);
		List<String> review = new ArrayList<>();
		page.get("items").forEach(item -> review.add(item.get("table").asString()));
		assertThat(review).contains("main.vw.alone").doesNotContain("main.vw.base");

		JsonNode usage = api.get().uri("/api/v1/tables/main.vw.base/retention").retrieve().body(JsonNode.class)
			.get("evidence").get("usage");
		assertThat(usage.get("reads").asLong()).isZero();
		assertThat(usage.get("readsThroughViews").asLong()).isEqualTo(2);
		assertThat(api.get().uri("/api/v1/tables/main.vw.base/retention").retrieve().body(JsonNode.class)
			.get("proposals")).isEmpty();
		assertThat(api.get().uri("/api/v1/tables/main.vw.alone/retention").retrieve().body(JsonNode.class)
			.get("proposals").get(0).get("kind").asString()).isEqualTo("REVIEW_UNUSED");
	}

	@Test
	void refusesMalformedInput() {
		for (String uri : List.of("/api/v1/tables/main..t/retention", "/api/v1/tables/schema.only/retention",
				"/api/v1/retention/proposals?kind=SHRINK", "/api/v1/retention/proposals?size=0",
				"/api/v1/retention/proposals?size=501", "/api/v1/retention/proposals?page=-1")) {
			var response = api.get().uri(uri).retrieve().toEntity(JsonNode.class);
			assertThat(response.getStatusCode().value()).as(uri).isEqualTo(400);
			assertThat(response.getBody().get("type").asString()).as(uri).isEqualTo("https://lakegov.io/problems/validation");
		}
	}

	private void travel(String id, String table, int daysBack, String error) {
		String at = TIMESTAMP.format(now.minus(daysBack, ChronoUnit.DAYS).minusSeconds(30));
		var row = new SourceRows(jdbc).row(id)
			.text("SELECT count(*) FROM " + table + " TIMESTAMP AS OF '" + at + "'")
			.user("ann")
			.source("{\"notebook_id\": \"nb-1\"}")
			.started(now.minusSeconds(30));
		if (error != null) {
			row.status("FAILED").set("error_message", error);
		}
		row.save();
	}

}
