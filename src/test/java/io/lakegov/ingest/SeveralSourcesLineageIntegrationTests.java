package io.lakegov.ingest;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceLineage;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestDatabaseConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two PostgreSQL sources, each with its history and its own lineage table ({@code lineage-table} per
 * source), whose statement ids overlap: the lineage of one never reaches the statements of the other.
 */
@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
class SeveralSourcesLineageIntegrationTests {

	/** Noon, yesterday: statements seconds apart never straddle midnight, whenever the tests run. */
	static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.DAYS)
		.plus(12, ChronoUnit.HOURS);

	static final String EU = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();

	static final String US = TestDatabaseConfiguration.SharedEmbeddedServer.freshDatabaseUrl();

	static final String US_LINEAGE = "access.us_lineage";

	@DynamicPropertySource
	static void sources(DynamicPropertyRegistry registry) throws Exception {
		String[] urls = { EU, US };
		String[] names = { "eu", "us" };
		String[] lineageTables = { "access.table_lineage", US_LINEAGE };
		for (int i = 0; i < 2; i++) {
			JdbcClient.create(source(urls[i]))
				.sql(new ClassPathResource("warehouse/local-warehouse.sql").getContentAsString(StandardCharsets.UTF_8))
				.update();
			String key = "lakegov.sources[" + i + "].";
			String url = urls[i];
			String name = names[i];
			String lineageTable = lineageTables[i];
			registry.add(key + "name", () -> name);
			registry.add(key + "url", () -> url);
			registry.add(key + "username", () -> "postgres");
			registry.add(key + "table", () -> "query.history");
			registry.add(key + "inventory-table", () -> "lakehouse.tables");
			registry.add(key + "lineage-table", () -> lineageTable);
		}
		JdbcClient.create(source(US))
			.sql("CREATE TABLE IF NOT EXISTS " + US_LINEAGE + " (LIKE access.table_lineage INCLUDING ALL)")
			.update();
	}

	@Autowired
	IngestionService ingestion;

	@Autowired
	IngestionStatusService status;

	@Autowired
	Sources sources;

	@Autowired
	JdbcClient store;

	@LocalServerPort
	int port;

	JdbcClient eu;

	JdbcClient us;

	@BeforeEach
	void reset() {
		StoreReset.reset(store);
		eu = JdbcClient.create(source(EU));
		us = JdbcClient.create(source(US));
		eu.sql("TRUNCATE query.history, access.table_lineage").update();
		us.sql("TRUNCATE query.history, access.table_lineage, " + US_LINEAGE).update();
	}

	@Test
	void eachSourceKeepsItsOwnLineageForOverlappingStatementIdsAndARerunChangesNothing() {
		new SourceRows(eu).row("m1").text("<REDACTED>").user("ann").started(T0).save();
		new SourceRows(eu).row("p1").text("SELECT * FROM main.sales.orders").user("ann").started(T0.plusSeconds(1)).save();
		SourceLineage euLineage = new SourceLineage(eu);
		euLineage.row("m1").source("main.sales.orders").by("ann").at(T0.plusSeconds(2)).save();
		euLineage.row("p1").source("main.sales.returns").by("ann").at(T0.plusSeconds(3)).save();
		euLineage.row("c1").source("main.eu.only").by("ann").at(T0.plusSeconds(4)).save();
		new SourceRows(us).row("m1").text("<REDACTED>").user("bob").started(T0).save();
		new SourceRows(us).row("p1").text("SELECT * FROM main.hr.people").user("bob").started(T0.plusSeconds(1)).save();
		new SourceRows(us).row("c1").text("SELECT * FROM main.us.only").user("bob").started(T0.plusSeconds(2)).save();
		SourceLineage usLineage = new SourceLineage(us, US_LINEAGE);
		usLineage.row("m1").source("main.hr.people").by("bob").at(T0.plusSeconds(3)).save();
		usLineage.row("p1").source("main.hr.people").by("bob").at(T0.plusSeconds(4)).save();
		usLineage.row("c1").source("main.us.only").by("bob").at(T0.plusSeconds(5)).save();
		// a row in the us store's default lineage table, which us does not read
		new SourceLineage(us).row("m1").source("main.wrong.table").by("bob").at(T0.plusSeconds(3)).save();

		runBoth();

		assertThat(facts()).containsExactly("eu|lineage:statement:c1|main.eu.only|READ|ENGINE_LINEAGE",
				"eu|m1|main.sales.orders|READ|ENGINE_LINEAGE", "eu|p1|main.sales.orders|READ|PARSED",
				"eu|p1|main.sales.returns|READ|ENGINE_LINEAGE", "us|c1|main.us.only|READ|BOTH",
				"us|m1|main.hr.people|READ|ENGINE_LINEAGE", "us|p1|main.hr.people|READ|BOTH");
		assertThat(store.sql("SELECT source || '|' || count(*) FROM engine_lineage GROUP BY source ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu|3", "us|3");
		assertThat(store.sql("SELECT source || '|' || statement_id FROM lineage_disagreement").query(String.class).list())
			.containsExactly("eu|p1");
		assertThat(store.sql("SELECT source || '|' || stream FROM ingestion_watermark ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("eu|query_history", "eu|table_lineage", "us|query_history", "us|table_lineage");
		RollupAssertions.assertRollupsMatchFacts(store, "%");

		IngestionStatus.LineageStatus euStatus = status.current(named("eu")).lineage();
		IngestionStatus.LineageStatus usStatus = status.current(named("us")).lineage();
		assertThat(euStatus.table()).isEqualTo("access.table_lineage");
		assertThat(usStatus.table()).isEqualTo(US_LINEAGE);
		assertThat(List.of(euStatus.maskedStatements(), euStatus.maskedWithLineage(), euStatus.lineageOnlyStatements(),
				euStatus.disagreements())).containsExactly(1L, 1L, 1L, 1L);
		assertThat(List.of(usStatus.maskedStatements(), usStatus.maskedWithLineage(), usStatus.lineageOnlyStatements(),
				usStatus.disagreements())).containsExactly(1L, 1L, 0L, 0L);
		assertThat(disagreements("&source=us").get("totalItems").asLong()).isZero();
		JsonNode euPage = disagreements("&source=eu");
		assertThat(euPage.get("totalItems").asLong()).isEqualTo(1);
		assertThat(euPage.get("items").get(0).get("source").asString()).isEqualTo("eu");
		assertThat(disagreements("").get("totalItems").asLong()).isEqualTo(1);

		List<String> before = facts();
		List<IngestionRun> again = runBoth();
		assertThat(again).allSatisfy(run -> {
			assertThat(run.lineage().rowsRead()).isEqualTo(3);
			assertThat(run.lineage().rowsNew()).isZero();
			assertThat(run.rowsChanged()).isZero();
		});
		assertThat(facts()).isEqualTo(before);
		assertThat(store.sql("SELECT count(*) FROM engine_lineage").query(Long.class).single()).isEqualTo(6);
		RollupAssertions.assertRollupsMatchFacts(store, "%");
	}

	private List<IngestionRun> runBoth() {
		return sources.enabled().stream().map(source -> ingestion.runIncremental(source, RunKind.MANUAL)).toList();
	}

	private HistorySource named(String name) {
		return sources.find(name).orElseThrow();
	}

	private JsonNode disagreements(String filter) {
		String day = T0.toString().substring(0, 10);
		return TestApi.withKey(port)
			.get()
			.uri("/api/v1/lineage/disagreements?from=" + day + "&to=" + day + filter)
			.retrieve()
			.body(JsonNode.class);
	}

	private List<String> facts() {
		return store.sql("""
				SELECT concat_ws('|', source, statement_id, table_name, role, witness) FROM table_access ORDER BY 1""")
			.query(String.class)
			.list();
	}

	private static DriverManagerDataSource source(String url) {
		return new DriverManagerDataSource(url, "postgres", "");
	}

}
