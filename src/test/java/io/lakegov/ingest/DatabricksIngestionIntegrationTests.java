package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.UUID;

import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import io.lakegov.support.WarehouseIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.support.WarehouseHistory.literal;
import static io.lakegov.support.WarehouseHistory.timestamp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ingestion through the Databricks JDBC driver from a Spark SQL engine, with Databricks' column types:
 * structs, maps, TIMESTAMP parameters, and lakegov's own statements in the history.
 */
@WarehouseIntegrationTest
class DatabricksIngestionIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).plusMillis(250);

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	WarehouseHistory source;

	String nonce;

	@BeforeEach
	void reset() {
		WarehouseStore.reset(jdbc);
		source = new WarehouseHistory(TestWarehouse.instance());
		source.clear();
		// texts of their own per test: the analysis cache outlives the store resets between tests
		nonce = UUID.randomUUID().toString().substring(0, 8);
	}

	@Test
	void ingestsNotebookSqlWithItsSourcesAndARerunChangesNothing() {
		source.insert(List.of(
				source.row("q1").user("alice@corp.example").job("j-7").started(T0).text("""
						WITH recent AS (SELECT * FROM spark_catalog.sales.orders WHERE amount > 10)
						SELECT r.id, c.name FROM recent r JOIN spark_catalog.sales.customers c ON r.id = c.id -- %s"""
					.formatted(nonce)),
				source.row("q2").user("bob@corp.example").notebook("nb-1").started(T0.plusSeconds(60)).text("""
						MERGE INTO spark_catalog.sales.orders t USING spark_catalog.staging.order_updates s
						ON t.id = s.id WHEN MATCHED THEN UPDATE SET * -- %s""".formatted(nonce)),
				source.row("q3").user("carol@corp.example").dashboard("d-1").started(T0.plusSeconds(120))
					.text("SELECT count(*) FROM spark_catalog.sales.orders VERSION AS OF 3 -- " + nonce),
				source.row("own-tagged").user("someone@corp.example").tag("lakegov", "service")
					.started(T0.plusSeconds(180))
					.text("SELECT * FROM system.query.history WHERE update_time >= '2026-01-01' -- " + nonce),
				source.row("own-principal").user("lakegov-sp").started(T0.plusSeconds(240))
					.text("SELECT * FROM spark_catalog.sales.customers -- " + nonce)));

		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(first.status()).isEqualTo("SUCCEEDED");
		assertThat(first.rowsRead()).isEqualTo(5);
		assertThat(IngestionTestSupport.facts(jdbc, "q1")).containsExactlyInAnyOrder(
				"spark_catalog.sales.orders|READ|-|-", "spark_catalog.sales.customers|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "q2")).containsExactlyInAnyOrder(
				"spark_catalog.sales.orders|WRITE|-|-", "spark_catalog.staging.order_updates|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "q3")).containsExactly("spark_catalog.sales.orders|READ|VERSION|3");
		assertThat(IngestionTestSupport.facts(jdbc, "own-tagged")).isEmpty();
		assertThat(IngestionTestSupport.facts(jdbc, "own-principal")).isEmpty();
		assertThat(jdbc.sql("""
				SELECT statement_id || '|' || user_name || '|' || source_kind || '|' || source_id || '|'
				       || (extract(epoch FROM event_time) * 1000)::bigint
				FROM table_access WHERE access_no = 0 ORDER BY statement_id""").query(String.class).list())
			.containsExactly("q1|alice@corp.example|JOB|j-7|" + epoch(T0),
					"q2|bob@corp.example|NOTEBOOK|nb-1|" + epoch(T0.plusSeconds(60)),
					"q3|carol@corp.example|DASHBOARD|d-1|" + epoch(T0.plusSeconds(120)));
		assertThat(jdbc.sql("SELECT statement_id || '|' || analysis_status FROM query_history ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("own-principal|OWN_STATEMENT", "own-tagged|OWN_STATEMENT", "q1|ANALYZED",
					"q2|ANALYZED", "q3|ANALYZED");
		assertThat(jdbc.sql("SELECT compute::text || '|' || query_tags::text FROM query_history WHERE statement_id = 'own-tagged'")
			.query(String.class)
			.single()).isEqualTo("{\"type\": \"WAREHOUSE\", \"cluster_id\": null, \"warehouse_id\": \"w-test\"}|{\"lakegov\": \"service\"}");

		List<String> facts = IngestionTestSupport.facts(jdbc);
		List<String> history = IngestionTestSupport.history(jdbc);
		IngestionRun again = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(again.status()).isEqualTo("SUCCEEDED");
		assertThat(again.rowsRead()).isEqualTo(5);
		assertThat(again.rowsChanged()).isZero();
		assertThat(IngestionTestSupport.facts(jdbc)).isEqualTo(facts);
		assertThat(IngestionTestSupport.history(jdbc)).isEqualTo(history);
	}

	@Test
	void picksUpARowTheSourceRewroteWhenTheStatementFinished() {
		source.row("long").user("dora@corp.example").status("RUNNING").started(T0)
			.text("INSERT INTO spark_catalog.gold.daily SELECT * FROM spark_catalog.sales.orders -- " + nonce)
			.save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(jdbc.sql("SELECT execution_status FROM query_history WHERE statement_id = 'long'")
			.query(String.class)
			.single()).isEqualTo("RUNNING");

		source.update("long", Map.of("execution_status", literal("FINISHED"), "end_time", timestamp(T0.plusSeconds(900)),
				"update_time", timestamp(T0.plusSeconds(905)), "produced_rows", "1200"));
		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.rowsChanged()).isEqualTo(1);
		assertThat(jdbc.sql("""
				SELECT execution_status || '|' || produced_rows || '|' || (extract(epoch FROM end_time) * 1000)::bigint
				FROM query_history WHERE statement_id = 'long'""").query(String.class).list())
			.containsExactly("FINISHED|1200|" + epoch(T0.plusSeconds(900)));
		assertThat(jdbc.sql("SELECT DISTINCT execution_status FROM table_access WHERE statement_id = 'long'")
			.query(String.class)
			.list()).containsExactly("FINISHED");
	}

	@Test
	void recordsHostileRowsAndKeepsRunning() {
		String huge = "SELECT * FROM spark_catalog.sales.orders WHERE note IN ('" + "x".repeat(1_100_000) + "')";
		source.insert(List.of(
				source.row("huge").user("hal@corp.example").started(T0).text(huge),
				source.row("odd").user("ida@corp.example").started(T0.plusSeconds(1))
					.text("SELECT 'caf\u00e9 \uD83D\uDE00 nul:\u0000' AS x FROM spark_catalog.sales.customers -- " + nonce),
				source.row("garbage").user("jon@corp.example").started(T0.plusSeconds(2)).text("SELEC FROM WHERE ((("),
				source.row("masked").user("kim@corp.example").started(T0.plusSeconds(3)).text("<REDACTED>"),
				source.row("no-update-time").user("lee@corp.example").started(T0.plusSeconds(4))
					.raw("update_time", "CAST(NULL AS TIMESTAMP)").text("SELECT 1"),
				source.row(null).user("max@corp.example").started(T0.plusSeconds(5)).text("SELECT 2")));

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsRead()).as("rows without an update time are outside every window").isEqualTo(5);
		assertThat(jdbc.sql("SELECT statement_id || '|' || analysis_status FROM query_history ORDER BY 1")
			.query(String.class)
			.list()).containsExactly("garbage|UNANALYZABLE", "huge|UNANALYZABLE", "masked|REDACTED", "odd|ANALYZED");
		// stored with its hash (the raw text only when lakegov.history.keep-raw-text is set)
		assertThat(jdbc.sql("SELECT text_hash IS NOT NULL FROM query_history WHERE statement_id = 'huge'")
			.query(Boolean.class)
			.single()).isTrue();
		assertThat(IngestionTestSupport.facts(jdbc, "odd")).containsExactly("spark_catalog.sales.customers|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "huge")).isEmpty();
	}

	@Test
	void givesTheSameFactsWhateverTheJvmTimeZone() {
		source.insert(List.of(
				source.row("tz1").user("erin@corp.example").started(T0.plusSeconds(3600 * 14 + 30))
					.text("SELECT * FROM spark_catalog.sales.orders -- " + nonce),
				source.row("tz2").user("erin@corp.example").started(T0.plusSeconds(3600 * 23 + 59 * 60))
					.text("SELECT * FROM spark_catalog.sales.customers -- " + nonce)));
		TimeZone original = TimeZone.getDefault();
		try {
			List<String> utc = factsIn("UTC");
			assertThat(utc).hasSize(2);
			assertThat(utc.get(0)).startsWith("tz1|spark_catalog.sales.orders|" + epoch(T0.plusSeconds(3600 * 14 + 30)));
			assertThat(factsIn("Asia/Tokyo")).isEqualTo(utc);
			assertThat(factsIn("America/New_York")).isEqualTo(utc);
		}
		finally {
			TimeZone.setDefault(original);
		}
	}

	private List<String> factsIn(String zone) {
		TimeZone.setDefault(TimeZone.getTimeZone(zone));
		WarehouseStore.reset(jdbc);
		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(run.status()).as("run in a JVM at " + zone).isEqualTo("SUCCEEDED");
		return jdbc.sql("""
				SELECT concat_ws('|', f.statement_id, f.table_name, (extract(epoch FROM f.event_time) * 1000)::bigint,
				       f.business_date, (extract(epoch FROM h.update_time) * 1000)::bigint, h.extra_columns::text)
				FROM table_access f JOIN query_history h USING (source, statement_id) ORDER BY 1""").query(String.class).list();
	}

	static String epoch(Instant instant) {
		return Long.toString(instant.toEpochMilli());
	}

}
