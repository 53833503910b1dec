package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.ingest.lineage.LineageOnlyStatements;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceLineage;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's table lineage as a second witness, read from the PostgreSQL source's {@code access.table_lineage}. */
@IntegrationTest(properties = "lakegov.ingest.batch-size=2")
class LineageIngestionIntegrationTests {

	/** Noon, two days ago: statements seconds apart never straddle midnight, whenever the tests run. */
	static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(2, ChronoUnit.DAYS)
		.plus(12, ChronoUnit.HOURS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	IngestionStatusService status;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	SourceRows history;

	SourceLineage lineage;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		history = new SourceRows(jdbc);
		lineage = new SourceLineage(jdbc);
	}

	@Test
	void maskedStatementsRestOnTheirLineageAndTheRestIsCountedAsTheGap() {
		history.row("m1").text("<REDACTED>").user("ann").started(T0).save();
		history.row("m2").text("").user("bob").started(T0.plusSeconds(1)).save();
		history.row("m3").text("<REDACTED>").user("cid").started(T0.plusSeconds(2)).save();
		lineage.row("m1").source("main.sales.orders").target("main.gold.daily").by("ann").at(T0.plusSeconds(3)).save();
		lineage.row("m1").source("main.sales.customers").target("main.gold.daily").by("ann").at(T0.plusSeconds(3)).save();
		lineage.row("m2").source("main.sales.orders").by("bob").at(T0.plusSeconds(4)).save();

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.lineage()).isEqualTo(new IngestionRun.Lineage("READ", 3, 3, null));
		assertThat(witnessed("m1")).containsExactlyInAnyOrder("main.sales.orders|READ|ENGINE_LINEAGE",
				"main.gold.daily|WRITE|ENGINE_LINEAGE", "main.sales.customers|READ|ENGINE_LINEAGE");
		assertThat(witnessed("m2")).containsExactly("main.sales.orders|READ|ENGINE_LINEAGE");
		assertThat(witnessed("m3")).isEmpty();
		IngestionStatus.LineageStatus now = status.current().lineage();
		assertThat(now.maskedStatements()).isEqualTo(3);
		assertThat(now.maskedWithLineage()).isEqualTo(2);
		assertThat(now.maskedWithoutLineage()).isEqualTo(1);
		assertThat(status.current().advice()).contains("databricks_pii_access")
			.contains("Of the 3 masked statements stored, the engine's lineage gives the tables of 2; 1 remains unknown.");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "main.%");

		JsonNode readers = api().get().uri("/api/v1/tables/main.sales.orders/readers?from={d}&to={d}",
				T0.toString().substring(0, 10), T0.toString().substring(0, 10)).retrieve().body(JsonNode.class);
		assertThat(readers.get("lineageOnly").asLong()).isEqualTo(2);
		assertThat(readers.get("users").get("items").get(0).get("lineageOnly").asLong()).isEqualTo(1);

		List<String> facts = IngestionTestSupport.facts(jdbc);
		IngestionRun again = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(again.lineage().rowsRead()).isEqualTo(3);
		assertThat(again.lineage().rowsNew()).isZero();
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
	}

	@Test
	void bothWitnessesAreReconciledAndTheirDisagreementKept() {
		history.row("p1").text("SELECT * FROM main.sales.orders o JOIN main.sales.customers c ON o.c = c.id")
			.user("ann").started(T0).save();
		history.row("p2").text("INSERT INTO main.gold.daily SELECT * FROM main.sales.orders").user("etl")
			.started(T0.plusSeconds(1)).save();
		lineage.row("p1").source("main.sales.orders").by("ann").at(T0.plusSeconds(2)).save();
		lineage.row("p1").source("main.sales.returns").by("ann").at(T0.plusSeconds(2)).save();
		lineage.row("p2").source("main.sales.orders").target("main.gold.daily").by("etl").at(T0.plusSeconds(3)).save();

		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(witnessed("p1")).containsExactly("main.sales.orders|READ|BOTH", "main.sales.customers|READ|PARSED",
				"main.sales.returns|READ|ENGINE_LINEAGE");
		assertThat(witnessed("p2")).containsExactly("main.gold.daily|WRITE|BOTH", "main.sales.orders|READ|BOTH");
		assertThat(status.current().lineage().disagreements()).isEqualTo(1);
		JsonNode page = api().get().uri("/api/v1/lineage/disagreements?from={d}&to={d}", day(T0), day(T0))
			.retrieve()
			.body(JsonNode.class);
		assertThat(page.get("totalItems").asLong()).isEqualTo(1);
		JsonNode p1 = page.get("items").get(0);
		assertThat(p1.get("statementId").asString()).isEqualTo("p1");
		assertThat(p1.get("parsedOnly").toString()).isEqualTo("[{\"table\":\"main.sales.customers\",\"role\":\"READ\"}]");
		assertThat(p1.get("lineageOnly").toString()).isEqualTo("[{\"table\":\"main.sales.returns\",\"role\":\"READ\"}]");
		assertThat(p1.get("lineage")).hasSize(2);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "main.%");
	}

	@Test
	void lineageArrivingLaterOrEarlierThanItsStatementDerivesItsFactsAgain() {
		history.row("late").text("<REDACTED>").user("ann").started(T0).save();
		lineage.row("early").source("main.sales.orders").by("bob").at(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(witnessed("late")).isEmpty();
		assertThat(witnessed(LineageOnlyStatements.syntheticId("early"))).containsExactly("main.sales.orders|READ|ENGINE_LINEAGE");

		lineage.row("late").source("main.sales.orders").by("ann").at(T0.plusSeconds(60)).save();
		history.row("early").text("<REDACTED>").user("bob").started(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(witnessed("late")).containsExactly("main.sales.orders|READ|ENGINE_LINEAGE");
		assertThat(witnessed("early")).containsExactly("main.sales.orders|READ|ENGINE_LINEAGE");
		assertThat(witnessed(LineageOnlyStatements.syntheticId("early"))).as("superseded by the statement").isEmpty();
		assertThat(status.current().lineage().lineageOnlyStatements()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "main.%");
	}

	@Test
	void lineageWithoutStatementsBecomesStatementsOfItsOwnAndCacheHitsTakeTheirOriginsLineage() {
		lineage.row(null).source("main.sales.orders").target("main.gold.by_region").by("nb-user")
			.entity("NOTEBOOK", "nb-9").at(T0).save();
		lineage.row("classic-1").sourcePath("s3://lake/raw/events").by("job-sp").entity("JOB", "77").at(T0).save();
		lineage.row("origin").source("main.sales.orders").by("ann").at(T0).save();
		history.row("origin").text("<REDACTED>").user("ann").started(T0).save();
		history.row("hit").text("<REDACTED>").user("bob").started(T0.plusSeconds(5))
			.set("from_result_cache", true).set("cache_origin_statement_id", "origin").save();

		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(witnessed("hit")).containsExactly("main.sales.orders|READ|ENGINE_LINEAGE");
		assertThat(witnessed(LineageOnlyStatements.syntheticId("classic-1")))
			.containsExactly("delta.s3://lake/raw/events|READ|ENGINE_LINEAGE");
		assertThat(jdbc.sql("""
				SELECT string_agg(table_name || '|' || role || '|' || user_name || '|' || source_kind || '|' || source_id,
				                  ',' ORDER BY access_no)
				FROM table_access WHERE statement_id LIKE 'lineage:row:%'""").query(String.class).single())
			.isEqualTo("main.sales.orders|READ|nb-user|NOTEBOOK|nb-9,main.gold.by_region|WRITE|nb-user|NOTEBOOK|nb-9");
		assertThat(status.current().lineage().lineageOnlyStatements()).isEqualTo(2);
		assertThat(status.current().lineage().maskedWithoutLineage()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "main.%");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "delta.%");

		List<String> facts = IngestionTestSupport.facts(jdbc);
		List<String> rollups = IngestionTestSupport.rollups(jdbc);
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
		assertThat(IngestionTestSupport.rollups(jdbc)).isEqualTo(rollups);
	}

	@Test
	void lineageStoredByARunThatDiedBeforeItsWindowEndedIsSettledByTheNextRun() {
		lineage.row("in-history").source("main.sales.orders").by("ann").at(T0).save();
		lineage.row("classic-2").source("main.sales.returns").by("job-sp").entity("JOB", "78").at(T0).save();
		history.row("in-history").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
		jdbc.sql("ALTER TABLE query.history RENAME TO history_away").update();
		IngestionRun died;
		try {
			died = ingestion.runIncremental(RunKind.MANUAL);
		}
		finally {
			jdbc.sql("ALTER TABLE query.history_away RENAME TO history").update();
		}
		assertThat(died.status()).isEqualTo("FAILED");
		assertThat(died.lineage().rowsNew()).isEqualTo(2);
		assertThat(awaitingHistory()).isEqualTo(2);
		assertThat(witnessed(LineageOnlyStatements.syntheticId("classic-2"))).isEmpty();

		IngestionRun next = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(next.status()).isEqualTo("SUCCEEDED");
		assertThat(next.lineage().rowsNew()).as("the lineage was stored by the run that died").isZero();
		assertThat(awaitingHistory()).isZero();
		assertThat(witnessed("in-history")).containsExactly("main.sales.orders|READ|BOTH");
		assertThat(witnessed(LineageOnlyStatements.syntheticId("in-history"))).isEmpty();
		assertThat(witnessed(LineageOnlyStatements.syntheticId("classic-2")))
			.containsExactly("main.sales.returns|READ|ENGINE_LINEAGE");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "main.%");
	}

	@Test
	void lineageReadAgainIsStoredOnceWhetherItsTimesAreSpreadOrShared() {
		for (int i = 0; i < 4; i++) {
			lineage.row("spread-" + i).source("main.sales.orders").by("ann").at(T0.plusSeconds(i)).save();
		}
		for (int i = 0; i < 12; i++) {
			lineage.row("shared-" + i).source("main.sales.returns").by("bob").at(T0.plusSeconds(60)).save();
		}
		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);
		List<String> facts = IngestionTestSupport.facts(jdbc);

		IngestionRun again = ingestion.backfill(first.windowStart(), first.windowEnd());

		assertThat(first.lineage().rowsNew()).isEqualTo(16);
		assertThat(again.lineage().rowsRead()).isEqualTo(16);
		assertThat(again.lineage().rowsNew()).as("a batch of two rows among twelve stored at its time").isZero();
		assertThat(jdbc.sql("SELECT count(*) FROM engine_lineage").query(Long.class).single()).isEqualTo(16);
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
	}

	@Test
	void aSourceWithoutLineageStillIngestsItsHistory() {
		jdbc.sql("ALTER TABLE access.table_lineage RENAME TO table_lineage_away").update();
		try {
			history.row("s1").text("SELECT * FROM main.sales.orders").user("ann").started(T0).save();
			IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
			assertThat(run.status()).isEqualTo("SUCCEEDED");
			assertThat(run.lineage().status()).isEqualTo("UNAVAILABLE");
			assertThat(run.lineage().error()).startsWith("access.table_lineage cannot be read");
			assertThat(witnessed("s1")).containsExactly("main.sales.orders|READ|PARSED");
			assertThat(status.current().lineage().lastStatus()).isEqualTo("UNAVAILABLE");
		}
		finally {
			jdbc.sql("ALTER TABLE access.table_lineage_away RENAME TO table_lineage").update();
		}
	}

	private long awaitingHistory() {
		return jdbc.sql("SELECT count(*) FROM lineage_awaiting_history").query(Long.class).single();
	}

	private List<String> witnessed(String statementId) {
		return jdbc.sql("""
				SELECT concat_ws('|', table_name, role, witness) FROM table_access WHERE statement_id = :id
				ORDER BY access_no""")
			.param("id", statementId)
			.query(String.class)
			.list();
	}

	private RestClient api() {
		return TestApi.withKey(port);
	}

	private static String day(Instant instant) {
		return instant.toString().substring(0, 10);
	}

}
