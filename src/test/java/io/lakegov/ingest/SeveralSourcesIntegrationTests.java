package io.lakegov.ingest;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.support.CostAssertions;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestDatabaseConfiguration;
import io.lakegov.watch.detect.HealthFlips;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ClassPathResource;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two PostgreSQL sources laid out like {@code system.query.history}, whose statement ids and session ids
 * overlap, and a third one that is disabled (its URL points nowhere).
 */
@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
class SeveralSourcesIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	static final String EU = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();

	static final String US = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();

	@DynamicPropertySource
	static void sources(DynamicPropertyRegistry registry) throws Exception {
		String[] urls = { EU, US };
		String[] names = { "eu", "us" };
		for (int i = 0; i < 2; i++) {
			JdbcClient.create(source(urls[i]))
				.sql(new ClassPathResource("warehouse/local-warehouse.sql").getContentAsString(StandardCharsets.UTF_8))
				.update();
			String key = "lakegov.sources[" + i + "].";
			String url = urls[i];
			String name = names[i];
			registry.add(key + "name", () -> name);
			registry.add(key + "url", () -> url);
			registry.add(key + "username", () -> "postgres");
			registry.add(key + "table", () -> "query.history");
			registry.add(key + "inventory-table", () -> "lakehouse.tables");
			registry.add(key + "columns-table", () -> "lakehouse.columns");
		}
		// a list is bound from one property source as a whole, so the disabled entry is given here too
		registry.add("lakegov.sources[2].name", () -> "off");
		registry.add("lakegov.sources[2].url", () -> "jdbc:postgresql://127.0.0.1:1/none");
		registry.add("lakegov.sources[2].enabled", () -> "false");
	}

	@Autowired
	IngestionService ingestion;

	@Autowired
	io.lakegov.history.Sources sources;

	@Autowired
	JdbcClient store;

	@Autowired
	IngestionHealthIndicator health;

	@Autowired
	HealthFlips flips;

	@Autowired
	CatalogSync catalog;

	@LocalServerPort
	int port;

	JdbcClient eu;

	JdbcClient us;

	@BeforeEach
	void reset() {
		StoreReset.reset(store);
		eu = JdbcClient.create(source(EU));
		us = JdbcClient.create(source(US));
		eu.sql("TRUNCATE query.history").update();
		us.sql("TRUNCATE query.history").update();
	}

	@Test
	void aRiseOfMaskedTextsInOneSourceRaisesItsOwnEvent() {
		RestClient operator = TestApi.withKey(port, IntegrationTest.OPERATOR_KEY);
		var created = operator.post()
			.uri("/api/v1/watches")
			.body(Map.of("name", "masked", "events", List.of("MASKED_SHARE"), "webhook",
					Map.of("url", "http://127.0.0.1:9/hook")))
			.retrieve()
			.toEntity(Map.class);
		assertThat(created.getStatusCode().value()).isEqualTo(201);
		try {
			raisesTheMaskedShareOfOneSource();
		}
		finally {
			operator.delete().uri("/api/v1/watches/" + created.getBody().get("id")).retrieve().toBodilessEntity();
		}
	}

	private void raisesTheMaskedShareOfOneSource() {
		finishedRun("eu", 1, 0);
		finishedRun("us", 2, 0);
		assertThat(flips.check()).as("the first look only records the health").isZero();

		finishedRun("us", 3, 90);

		assertThat(flips.check()).isEqualTo(1);
		assertThat(store.sql("SELECT type || '|' || (payload ->> 'source') || '|' || (payload ->> 'maskedShare') FROM watch_event")
			.query(String.class)
			.list()).containsExactly("MASKED_SHARE|us|0.9");
		assertThat(flips.check()).isZero();
	}

	private void finishedRun(String source, int order, long rowsMasked) {
		store.sql("""
				INSERT INTO ingestion_run (source, kind, status, window_start, window_end, started_at, heartbeat_at,
				    finished_at, rows_read, rows_masked, node)
				VALUES (:source, 'MANUAL', 'SUCCEEDED', now() - interval '1 hour', now(), now() + :order * interval '1 second',
				    now(), now(), 100, :masked, 'test')""")
			.param("source", source)
			.param("order", order)
			.param("masked", rowsMasked)
			.update();
	}

	@Test
	void keepsOverlappingStatementIdsOfTwoSourcesApartEachWithItsOwnWatermarkAndRuns() {
		new SourceRows(eu).row("s1").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
		new SourceRows(eu).row("s2").text("USE CATALOG eu_cat").user("ann").session("x").started(T0.plusSeconds(1)).save();
		new SourceRows(eu).row("s3").text("SELECT * FROM sales.orders").user("ann").session("x")
			.started(T0.plusSeconds(2)).save();
		new SourceRows(us).row("s1").text("SELECT * FROM main.hr.people").user("bob").started(T0.plusSeconds(10)).save();
		new SourceRows(us).row("s3").text("SELECT * FROM sales.orders").user("bob").session("x")
			.started(T0.plusSeconds(20)).save();

		IngestionRun euRun = ingestion.runIncremental(sources.find("eu").orElseThrow(), RunKind.MANUAL);
		IngestionRun usRun = ingestion.runIncremental(sources.find("us").orElseThrow(), RunKind.MANUAL);

		assertThat(euRun.source()).isEqualTo("eu");
		assertThat(euRun.rowsRead()).isEqualTo(3);
		assertThat(usRun.source()).isEqualTo("us");
		assertThat(usRun.rowsRead()).isEqualTo(2);
		assertThat(store.sql("SELECT source || '/' || statement_id || '/' || executed_by FROM query_history ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu/s1/ann", "eu/s2/ann", "eu/s3/ann", "us/s1/bob", "us/s3/bob");
		// the session x of eu set its catalog; the session x of us is another session
		assertThat(facts()).containsExactly("eu|s1|main.sales.orders|ann", "eu|s3|eu_cat.sales.orders|ann",
				"us|s1|main.hr.people|bob", "us|s3|sales.orders|bob");
		assertThat(store.sql("SELECT source || '|' || stream || '|' || watermark FROM ingestion_watermark ORDER BY 1")
			.query(String.class)
			.list()).hasSize(2).first().asString().startsWith("eu|query_history|");
		assertThat(ingestion.watermark(sources.find("eu").orElseThrow())).contains(T0.plusSeconds(7));
		assertThat(ingestion.watermark(sources.find("us").orElseThrow())).contains(T0.plusSeconds(25));
		RollupAssertions.assertRollupsMatchFacts(store, "%");

		List<String> before = facts();
		IngestionRun euAgain = ingestion.runIncremental(sources.find("eu").orElseThrow(), RunKind.MANUAL);
		IngestionRun usAgain = ingestion.runIncremental(sources.find("us").orElseThrow(), RunKind.MANUAL);
		assertThat(euAgain.rowsRead()).isEqualTo(3);
		assertThat(euAgain.rowsChanged()).isZero();
		assertThat(usAgain.rowsChanged()).isZero();
		assertThat(facts()).isEqualTo(before);
		assertThat(store.sql("SELECT source || '|' || count(*) FROM ingestion_run GROUP BY source ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu|2", "us|2");
		RollupAssertions.assertRollupsMatchFacts(store, "%");
	}

	@Test
	void theSameStatementIdAndTableInBothSourcesCountsTwice() {
		new SourceRows(eu).row("same").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
		new SourceRows(us).row("same").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
		sources.enabled().forEach(source -> ingestion.runIncremental(source, RunKind.MANUAL));

		assertThat(store.sql("SELECT statements FROM table_user_daily WHERE table_name = 'main.sales.orders'")
			.query(Long.class)
			.single()).isEqualTo(2);
		RollupAssertions.assertRollupsMatchFacts(store, "%");
		String readers = api().get()
			.uri("/api/v1/tables/main.sales.orders/readers?source=us&from={d}&to={d}", T0.toString().substring(0, 10),
					T0.toString().substring(0, 10))
			.retrieve()
			.body(String.class);
		assertThat(readers).contains("\"statements\":1", "\"historySource\":\"us\"");
	}

	@Test
	void keepsTheShareEventsColumnFactsAndCostsOfOverlappingStatementIdsApart() {
		new SourceRows(eu).row("s1").text("ALTER SHARE partners ADD TABLE main.sales.orders").user("ann").started(T0)
			.save();
		new SourceRows(us).row("s1").text("ALTER SHARE partners REMOVE TABLE main.sales.orders").user("bob")
			.started(T0.plusSeconds(10)).save();
		new SourceRows(eu).row("s2").text("SELECT o.amount FROM main.sales.orders o").user("ann")
			.started(T0.plusSeconds(1)).set("total_duration_ms", 1000).set("read_bytes", 100).save();
		new SourceRows(us).row("s2").text("SELECT p.name FROM main.hr.people p").user("bob")
			.started(T0.plusSeconds(11)).set("total_duration_ms", 3001).set("read_bytes", 301).save();
		sources.enabled().forEach(source -> ingestion.runIncremental(source, RunKind.MANUAL));

		assertThat(shareEvents()).containsExactly("eu|s1|ADD|partners|main.sales.orders|ann",
				"us|s1|REMOVE|partners|main.sales.orders|bob");
		// a share is one region's: us removing its partners' table does not close what eu's partners opened
		assertThat(store.sql("SELECT concat_ws('|', source, table_name, share_name, added_statement, removed_at) FROM table_share")
			.query(String.class)
			.list()).containsExactly("eu|main.sales.orders|partners|s1");
		String impact = api().get().uri("/api/v1/tables/main.sales.orders/impact").retrieve().body(String.class);
		assertThat(impact).contains("\"verdict\":\"SHARED\"", "\"addedStatement\":\"s1\"", "\"source\":\"eu\"");
		assertThat(columnFacts()).containsExactly("eu|s2|main.sales.orders|amount|READ",
				"us|s2|main.hr.people|name|READ");
		assertThat(costs()).containsExactly("main.hr.people|3001|301", "main.sales.orders|1000|100");
		assertThat(store.sql("SELECT count(*) FROM co_read_daily").query(Long.class).single())
			.as("statements of two sources with one id read nothing together").isZero();
		CostAssertions.assertCostsMatchFacts(store);
		RollupAssertions.assertRollupsMatchFacts(store, "%");

		List<String> before = List.of(shareEvents().toString(), columnFacts().toString(), costs().toString());
		sources.enabled().forEach(source -> ingestion.runIncremental(source, RunKind.MANUAL));
		assertThat(List.of(shareEvents().toString(), columnFacts().toString(), costs().toString())).isEqualTo(before);

		// us's statements change: only their share events, column facts and costs are replaced
		new SourceRows(us).row("s1").text("ALTER SHARE partners ADD TABLE main.hr.people").user("bob")
			.started(T0.plusSeconds(10)).updated(Instant.now()).save();
		new SourceRows(us).row("s2").text("SELECT p.id FROM main.hr.people p").user("bob").started(T0.plusSeconds(11))
			.updated(Instant.now()).set("total_duration_ms", 5).set("read_bytes", 7).save();
		ingestion.runIncremental(sources.find("us").orElseThrow(), RunKind.MANUAL);
		assertThat(shareEvents()).containsExactly("eu|s1|ADD|partners|main.sales.orders|ann",
				"us|s1|ADD|partners|main.hr.people|bob");
		assertThat(columnFacts()).containsExactly("eu|s2|main.sales.orders|amount|READ", "us|s2|main.hr.people|id|READ");
		assertThat(costs()).containsExactly("main.hr.people|5|7", "main.sales.orders|1000|100");
		CostAssertions.assertCostsMatchFacts(store);
		RollupAssertions.assertRollupsMatchFacts(store, "%");
	}

	@Test
	void theCatalogOfEverySourceIsSyncedAndOneThatDoesNotAnswerDropsNothing() {
		for (JdbcClient source : List.of(eu, us)) {
			source.sql("TRUNCATE lakehouse.tables, lakehouse.views, lakehouse.columns").update();
		}
		table(eu, "eu_s", "orders", "MANAGED", "id", "amount");
		table(us, "us_s", "people", "MANAGED", "id", "age");
		table(us, "us_s", "adults", "VIEW");
		us.sql("""
				INSERT INTO lakehouse.views (table_catalog, table_schema, table_name, view_definition)
				VALUES ('main', 'us_s', 'adults', 'SELECT id FROM main.us_s.people WHERE age >= 18')""").update();
		// the same name in both: the first source's attributes and columns
		table(us, "eu_s", "orders", "EXTERNAL", "other");

		catalog.sync();

		assertThat(store.sql("SELECT full_name || '|' || coalesce(table_type, '') FROM table_inventory "
				+ "WHERE valid_to IS NULL ORDER BY 1").query(String.class).list())
			.containsExactly("main.eu_s.orders|MANAGED", "main.us_s.adults|VIEW", "main.us_s.people|MANAGED");
		assertThat(store.sql("SELECT table_name || '.' || column_name FROM column_inventory WHERE valid_to IS NULL "
				+ "ORDER BY 1").query(String.class).list())
			.containsExactly("main.eu_s.orders.amount", "main.eu_s.orders.id", "main.us_s.people.age", "main.us_s.people.id");
		new SourceRows(us).row("v1").text("SELECT count(*) FROM main.us_s.adults").user("carol").started(T0).save();
		ingestion.runIncremental(sources.find("us").orElseThrow(), RunKind.MANUAL);
		String readers = api().get()
			.uri("/api/v1/tables/main.us_s.people/readers?indirect=true&from={d}&to={d}", T0.toString().substring(0, 10),
					T0.toString().substring(0, 10))
			.retrieve()
			.body(String.class);
		assertThat(readers).as("read through a view only the second source defines")
			.contains("\"user\":\"carol\"", "\"access\":\"VIA\"", "main.us_s.adults");

		us.sql("ALTER TABLE lakehouse.tables RENAME TO tables_away").update();
		try {
			assertThatThrownBy(catalog::sync).isInstanceOf(DataAccessException.class);
		}
		finally {
			us.sql("ALTER TABLE lakehouse.tables_away RENAME TO tables").update();
		}
		assertThat(store.sql("SELECT count(*) FROM table_inventory WHERE valid_to IS NOT NULL").query(Long.class).single())
			.as("no table of the source that did not answer taken for dropped")
			.isZero();
		catalog.sync();
		us.sql("DELETE FROM lakehouse.tables WHERE table_schema = 'us_s' AND table_name = 'people'").update();
		catalog.sync();
		assertThat(store.sql("SELECT full_name FROM table_inventory WHERE valid_to IS NOT NULL").query(String.class).list())
			.as("a table the second source no longer lists").containsExactly("main.us_s.people");
	}

	private static void table(JdbcClient source, String schema, String name, String type, String... columns) {
		source.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
				VALUES ('main', :schema, :name, :type, now() - interval '400 days', now() - interval '400 days')""")
			.param("schema", schema)
			.param("name", name)
			.param("type", type)
			.update();
		for (int i = 0; i < columns.length; i++) {
			source.sql("""
					INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
					VALUES ('main', :schema, :name, :column, :position)""")
				.param("schema", schema)
				.param("name", name)
				.param("column", columns[i])
				.param("position", i + 1)
				.update();
		}
	}

	@Test
	void eachSourceHasItsOwnMaskedRatioRateAndZeroRowsAlert() {
		new SourceRows(eu).row("m1").text("<REDACTED>").user("ann").started(T0).save();
		new SourceRows(eu).row("m2").text("SELECT * FROM main.sales.orders").user("ann").started(T0.plusSeconds(1)).save();
		new SourceRows(us).row("m1").text("SELECT * FROM main.hr.people").user("bob").started(T0).save();
		new SourceRows(us).row("m2").text("SELECT * FROM main.hr.teams").user("bob").started(T0.plusSeconds(1)).save();

		ingestion.runIncremental(sources.find("eu").orElseThrow(), RunKind.MANUAL);
		ingestion.runIncremental(sources.find("us").orElseThrow(), RunKind.MANUAL);

		String metrics = TestApi.anonymous(port).get().uri("/actuator/prometheus").retrieve().body(String.class);
		assertThat(sample(metrics, "lakegov_ingest_masked_ratio{source=\"eu\"}")).as("not hidden by the later run of us")
			.isEqualTo(0.5);
		assertThat(sample(metrics, "lakegov_ingest_masked_ratio{source=\"us\"}")).isZero();
		for (String source : List.of("eu", "us")) {
			assertThat(sample(metrics, "lakegov_ingest_zero_rows_alert{source=\"" + source + "\"}")).isZero();
			assertThat(sample(metrics, "lakegov_ingest_last_run_rows_per_second{source=\"" + source + "\"}"))
				.isPositive();
		}
		assertThat(metrics).doesNotContain("lakegov_ingest_masked_ratio{source=\"off\"}");
	}

	private static double sample(String metrics, String series) {
		return metrics.lines()
			.filter(line -> line.startsWith(series + " "))
			.map(line -> Double.parseDouble(line.substring(series.length() + 1)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no sample " + series + " in\n" + metrics));
	}

	@Test
	void aDisabledSourceIsNotReadAndTheApiNamesSources() {
		assertThat(sources.names()).containsExactly("eu", "us");
		assertThat(sources.disabled()).containsExactly("off");
		RestClient api = api();

		var unnamed = api.post().uri("/api/v1/ingestion/runs").retrieve().toEntity(String.class);
		assertThat(unnamed.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(unnamed.getBody()).contains("[eu, us]");
		assertThat(api.post().uri("/api/v1/ingestion/runs?source=off").retrieve().toEntity(String.class).getStatusCode())
			.isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(api.post().uri("/api/v1/ingestion/runs?source=nope").retrieve().toEntity(String.class).getStatusCode())
			.isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(api.post()
			.uri("/api/v1/ingestion/backfills")
			.contentType(org.springframework.http.MediaType.APPLICATION_JSON)
			.body(Map.of("from", "2026-01-01T00:00:00Z", "to", "2026-01-02T00:00:00Z", "source", "<script>"))
			.retrieve()
			.toEntity(String.class)
			.getStatusCode()).as("not a source name, as the contract's pattern says").isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(api.get().uri("/api/v1/ingestion/status").retrieve().toEntity(String.class).getStatusCode())
			.isEqualTo(HttpStatus.BAD_REQUEST);

		sources.enabled().forEach(source -> ingestion.runIncremental(source, RunKind.MANUAL));
		assertThat(store.sql("SELECT DISTINCT source FROM ingestion_run ORDER BY 1").query(String.class).list())
			.containsExactly("eu", "us");
		String status = api.get().uri("/api/v1/ingestion/status?source=us").retrieve().body(String.class);
		assertThat(status).contains("\"sourceName\":\"us\"");
		String all = api.get().uri("/api/v1/ingestion/sources").retrieve().body(String.class);
		assertThat(all).contains("\"sourceName\":\"eu\"", "\"sourceName\":\"us\"", "\"disabled\":[\"off\"]");
		assertThat(api.get().uri("/api/v1/ingestion/runs?source=eu").retrieve().body(String.class))
			.contains("\"totalItems\":1");
		Health now = health.health();
		assertThat(now.getStatus()).isEqualTo(Status.UP);
		assertThat(now.getDetails()).containsOnlyKeys("sources");
		assertThat(((Map<?, ?>) now.getDetails().get("sources")).keySet().stream().map(Object::toString).toList())
			.containsExactly("eu", "us");
	}

	private RestClient api() {
		return TestApi.withKey(port);
	}

	private List<String> shareEvents() {
		return store.sql("""
				SELECT concat_ws('|', source, statement_id, action, share_name, table_name, user_name)
				FROM share_event ORDER BY 1""").query(String.class).list();
	}

	private List<String> columnFacts() {
		return store.sql("""
				SELECT concat_ws('|', source, statement_id, table_name, column_name, role) FROM column_access
				ORDER BY 1""").query(String.class).list();
	}

	private List<String> costs() {
		return store.sql("SELECT concat_ws('|', table_name, duration_ms, read_bytes) FROM table_cost_daily ORDER BY 1")
			.query(String.class)
			.list();
	}

	private List<String> facts() {
		return store.sql("SELECT concat_ws('|', source, statement_id, table_name, user_name) FROM table_access ORDER BY 1")
			.query(String.class)
			.list();
	}

	private static DriverManagerDataSource source(String url) {
		return new DriverManagerDataSource(url, "postgres", "");
	}

}
