package io.lakegov.archive;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import io.lakegov.archive.outbox.Archiver;
import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.support.WarehouseHistory.literal;
import static io.lakegov.support.WarehouseHistory.timestamp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive in the test warehouse, written through the Databricks driver and read back through it: after
 * ingestion, a re-run, a late update and a re-analysis it holds exactly what the store holds, every statement
 * and every fact once; a warehouse that goes away part way pauses the archive, and writing resumes where it
 * stopped without duplicates.
 */
@ArchiveWarehouseTest
class ArchiveIntegrationTests {

	static final String SCHEMA = ArchiveWarehouseTest.SCHEMA;

	static final Instant T0 = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).plusMillis(250);

	@Autowired
	IngestionService ingestion;

	@Autowired
	Archiver archiver;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	WarehouseHistory source;

	String nonce;

	@BeforeEach
	void reset() {
		source = ArchiveTesting.reset(jdbc, archiver);
		nonce = UUID.randomUUID().toString().substring(0, 8);
	}

	@Test
	void holdsWhatTheStoreHoldsAfterIngestionRerunLateUpdateAndReanalysis() throws SQLException {
		source.insert(workload());
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		assertThat(archiveAll()).isGreaterThanOrEqualTo(8);
		assertArchiveEqualsStore();
		assertThat(archive("SELECT table_name, access, view_path, via_view FROM " + SCHEMA
				+ ".table_access WHERE statement_id = 'viewer'")).containsExactlyInAnyOrder(
						"spark_catalog.sales.big_orders|DIRECT|∅|∅",
						"spark_catalog.sales.orders|VIEW|spark_catalog.sales.orders ← spark_catalog.sales.big_orders|"
								+ "spark_catalog.sales.big_orders");
		assertThat(archive("SELECT statement_text, redacted_text IS NOT NULL, analysis_status FROM " + SCHEMA
				+ ".query_history WHERE statement_id = 'q1'"))
			.containsExactly("SELECT * FROM spark_catalog.sales.orders WHERE amount > 10 -- " + nonce + "|true|ANALYZED");
		List<String> afterFirst = archiveState();

		IngestionRun rerun = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(rerun.rowsChanged()).isZero();
		archiveAll();
		assertArchiveEqualsStore();
		assertThat(archiveState()).isEqualTo(afterFirst);

		source.update("long", Map.of("execution_status", literal("FINISHED"), "end_time",
				timestamp(T0.plusSeconds(900)), "update_time", timestamp(Instant.now().minusSeconds(60)), "produced_rows",
				"1200"));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).rowsChanged()).isEqualTo(1);
		assertThat(archiveAll()).isGreaterThanOrEqualTo(1);
		assertArchiveEqualsStore();
		assertThat(archive("SELECT execution_status, produced_rows FROM " + SCHEMA
				+ ".query_history WHERE statement_id = 'long'")).containsExactly("FINISHED|1200");
		assertThat(archive("SELECT DISTINCT execution_status FROM " + SCHEMA
				+ ".table_access WHERE statement_id = 'long'")).containsExactly("FINISHED");

		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1'").update();
		IngestionRun reanalysis = TestApi.withKey(port)
			.post()
			.uri("/api/v1/ingestion/reanalysis")
			.retrieve()
			.body(IngestionRun.class);
		awaitRun(reanalysis.id());
		assertThat(jdbc.sql("SELECT count(*) FROM archive_outbox").query(Long.class).single()).isPositive();
		archiveAll();
		assertArchiveEqualsStore();
		assertThat(archive("SELECT DISTINCT analyzer_version FROM " + SCHEMA + ".query_history"))
			.doesNotContain("0.1");
	}

	@Test
	void aWarehouseThatGoesAwayPartWayPausesTheArchiveWhichResumesWithoutDuplicates() throws SQLException {
		source.insert(workload());
		ingestion.runIncremental(RunKind.MANUAL);
		archiveAll();
		source.generate(12, Map.of("statement_id", "concat('gen-', CAST(id AS STRING))", "statement_text",
				"concat('SELECT * FROM spark_catalog.sales.customers WHERE id = ', CAST(id AS STRING), ' -- " + nonce + "')",
				"executed_by", "'gen@corp.example'", "start_time", WarehouseHistory.secondsAfter(T0, "id"),
				"update_time", WarehouseHistory.secondsAfter(T0.plusSeconds(30), "id")));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		// the warehouse goes away once the first batch of the pass is written
		CompletableFuture<List<Archiver.Pass>> pass = CompletableFuture.supplyAsync(archiver::archiveDue);
		long before = written();
		while (written() == before && !pass.isDone()) {
			pause();
		}
		TestWarehouse.instance().proxy().stop();
		try {
			List<Archiver.Pass> passes = pass.join();
			assertThat(passes).singleElement().satisfies(one -> assertThat(one.error()).isNotNull());
			ArchiveStatus.SourceArchive status = status();
			assertThat(status.state()).isEqualTo(ArchiveStatus.State.PAUSED);
			assertThat(status.backlog()).isPositive();
			assertThat(status.lastError()).isNotBlank().doesNotContain("PWD=");
			assertThat(TestApi.withKey(port)
				.get()
				.uri("/actuator/health/archive")
				.retrieve()
				.onStatus(HttpStatusCode::isError, (request, response) -> {
				})
				.toEntity(String.class)
				.getStatusCode()
				.value()).isEqualTo(503);
		}
		finally {
			TestWarehouse.instance().proxy().start();
		}
		archiveAll();
		assertThat(status().state()).isEqualTo(ArchiveStatus.State.CURRENT);
		assertArchiveEqualsStore();
	}

	@Test
	void statementsTheWarehouseRefusesAloneAreSetAsideAndHoldUpNoOther() throws SQLException {
		source.insert(workload());
		ingestion.runIncremental(RunKind.MANUAL);
		archiveAll();
		TestWarehouse.instance()
			.execute("ALTER TABLE " + SCHEMA + ".query_history ADD CONSTRAINT refuses_gen_3_4 CHECK (statement_id NOT IN ('gen-3', 'gen-4'))");
		source.generate(6, Map.of("statement_id", "concat('gen-', CAST(id AS STRING))", "statement_text",
				"concat('SELECT * FROM spark_catalog.sales.customers WHERE id = ', CAST(id AS STRING), ' -- " + nonce + "')",
				"executed_by", "'gen@corp.example'", "start_time", WarehouseHistory.secondsAfter(T0, "id"),
				"update_time", WarehouseHistory.secondsAfter(T0.plusSeconds(30), "id")));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		List<String> errors = new ArrayList<>();
		for (int pass = 0; pass < 40 && waiting() > 0; pass++) {
			archiver.archiveDue().stream().map(Archiver.Pass::error).filter(error -> error != null).forEach(errors::add);
			pause();
		}

		assertThat(errors).as("the batches that held the refused statements").isNotEmpty();
		assertThat(waiting()).isZero();
		ArchiveStatus.SourceArchive status = status();
		assertThat(status.setAside()).isEqualTo(2);
		assertThat(status.state()).isEqualTo(ArchiveStatus.State.CURRENT);
		assertThat(jdbc.sql("SELECT DISTINCT statement_id FROM archive_outbox").query(String.class).list())
			.containsExactlyInAnyOrder("gen-3", "gen-4");
		assertThat(jdbc.sql("SELECT refusal FROM archive_outbox").query(String.class).list()).allMatch(
				refusal -> refusal != null && !refusal.isBlank());
		assertThat(archive("SELECT statement_id FROM " + SCHEMA + ".query_history WHERE statement_id LIKE 'gen-%'"))
			.hasSize(4)
			.doesNotContain("gen-3", "gen-4");

		TestWarehouse.instance().execute("ALTER TABLE " + SCHEMA + ".query_history DROP CONSTRAINT refuses_gen_3_4");
		jdbc.sql("UPDATE archive_outbox SET set_aside_until = now()").update();
		archiveAll();
		assertThat(status().setAside()).isZero();
		assertArchiveEqualsStore();
	}

	/** Entries queued and not set aside. */
	private long waiting() {
		return jdbc.sql("SELECT count(*) FROM archive_outbox WHERE set_aside_until IS NULL").query(Long.class).single();
	}

	private List<WarehouseHistory.Row> workload() {
		return List.of(
				source.row("q1").user("alice@corp.example").job("j-7").started(T0)
					.text("SELECT * FROM spark_catalog.sales.orders WHERE amount > 10 -- " + nonce),
				source.row("q2").user("bob@corp.example").notebook("nb-1").started(T0.plusSeconds(60)).text("""
						MERGE INTO spark_catalog.sales.orders t USING spark_catalog.staging.order_updates s
						ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.amount = s.amount -- %s""".formatted(nonce)),
				source.row("q3").user("carol@corp.example").dashboard("d-1").started(T0.plusSeconds(120))
					.text("SELECT count(*) FROM spark_catalog.sales.orders VERSION AS OF 3 -- " + nonce),
				source.row("view").user("dora@corp.example").started(T0.plusSeconds(180)).text(
						"CREATE VIEW spark_catalog.sales.big_orders AS SELECT id, amount FROM spark_catalog.sales.orders "
								+ "WHERE amount > 100 -- " + nonce),
				source.row("viewer").user("erin@corp.example").started(T0.plusSeconds(240))
					.text("SELECT id FROM spark_catalog.sales.big_orders -- " + nonce),
				source.row("long").user("dora@corp.example").status("RUNNING").started(T0.plusSeconds(300))
					.text("INSERT INTO spark_catalog.gold.daily SELECT * FROM spark_catalog.sales.orders -- " + nonce),
				source.row("masked").user("kim@corp.example").started(T0.plusSeconds(360)).text("<REDACTED>"),
				source.row("own").user("lakegov-sp").started(T0.plusSeconds(420))
					.text("SELECT * FROM spark_catalog.sales.customers -- " + nonce));
	}

	private int archiveAll() {
		return ArchiveTesting.archiveAll(archiver, jdbc);
	}

	private long written() {
		return jdbc.sql("SELECT coalesce(sum(statements_written), 0) FROM archive_source").query(Long.class).single();
	}

	private ArchiveStatus.SourceArchive status() {
		ArchiveStatus status = TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
			.get()
			.uri("/api/v1/archive/status")
			.retrieve()
			.body(ArchiveStatus.class);
		assertThat(status.enabled()).isTrue();
		return status.sources().get(0);
	}

	private void awaitRun(long id) {
		while (true) {
			IngestionRun run = TestApi.withKey(port).get().uri("/api/v1/ingestion/runs/{id}", id).retrieve()
				.body(IngestionRun.class);
			if (!"RUNNING".equals(run.status())) {
				assertThat(run.status()).isEqualTo("SUCCEEDED");
				return;
			}
			pause();
		}
	}

	/** A short wait between two looks at something another thread does. */
	private static void pause() {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Every table of the archive, for comparing two moments. */
	private List<String> archiveState() throws SQLException {
		List<String> state = new ArrayList<>();
		state.addAll(archive("SELECT statement_id, execution_status, analysis_status, fingerprint FROM " + SCHEMA
				+ ".query_history ORDER BY statement_id"));
		state.addAll(archive("SELECT statement_id, access_no, table_name, view_path, role FROM " + SCHEMA
				+ ".table_access ORDER BY statement_id, access_no, table_name, view_path"));
		state.addAll(archive("SELECT statement_id, table_name, column_name, role, resolution FROM " + SCHEMA
				+ ".column_access ORDER BY 1, 2, 3, 4, 5"));
		state.addAll(archive("SELECT business_date, table_name, user_name, role, statements FROM " + SCHEMA
				+ ".table_usage_daily ORDER BY 1, 2, 3, 4"));
		return state;
	}

	/** The archive holds every statement and fact of the store once, and the store's daily usage. */
	private void assertArchiveEqualsStore() throws SQLException {
		assertThat(archive("SELECT source, statement_id, execution_status, analysis_status, fingerprint, redacted_text, "
				+ "statement_text, produced_rows, unix_millis(end_time), source_kind, source_id, statement_kind, "
				+ "analyzer_version, business_date FROM " + SCHEMA + ".query_history"))
			.containsExactlyInAnyOrderElementsOf(store("""
					SELECT h.source, h.statement_id, h.execution_status, h.analysis_status, a.fingerprint, a.redacted_sql,
					       h.statement_text, h.produced_rows, (extract(epoch FROM h.end_time) * 1000)::bigint, h.source_kind,
					       h.source_id, a.kind, h.analyzer_version, (coalesce(h.start_time, h.update_time) AT TIME ZONE 'UTC')::date
					FROM query_history h
					LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version"""));
		assertThat(archive("SELECT source, statement_id, access_no, table_name, written_name, role, statement_kind, "
				+ "time_travel_kind, time_travel_value, user_name, unix_millis(event_time), business_date, source_kind, "
				+ "source_id, execution_status, witness FROM " + SCHEMA + ".table_access WHERE access = 'DIRECT'"))
			.containsExactlyInAnyOrderElementsOf(store("""
					SELECT source, statement_id, access_no, table_name, written_name, role, statement_kind, time_travel_kind,
					       time_travel_value, user_name, (extract(epoch FROM event_time) * 1000)::bigint, business_date,
					       source_kind, source_id, execution_status, witness
					FROM table_access"""));
		assertThat(archive("SELECT source, statement_id, table_name, column_name, role, resolution, user_name, "
				+ "business_date FROM " + SCHEMA + ".column_access"))
			.containsExactlyInAnyOrderElementsOf(store("""
					SELECT source, statement_id, table_name, column_name, role, resolution, user_name, business_date
					FROM column_access"""));
		assertThat(archive("SELECT business_date, table_name, user_name, role, statements, time_travel_statements, "
				+ "lineage_only_statements, unix_millis(first_event), unix_millis(last_event) FROM " + SCHEMA
				+ ".table_usage_daily"))
			.containsExactlyInAnyOrderElementsOf(store("""
					SELECT business_date, table_name, user_name, role, statements, time_travel_statements,
					       lineage_only_statements, (extract(epoch FROM first_event) * 1000)::bigint,
					       (extract(epoch FROM last_event) * 1000)::bigint
					FROM table_user_daily"""));
		assertThat(archive("SELECT count(*) - count(DISTINCT source, statement_id) FROM " + SCHEMA + ".query_history"))
			.containsExactly("0");
		assertThat(archive("SELECT count(*) - count(DISTINCT source, statement_id, access_no, table_name, "
				+ "coalesce(view_path, '')) FROM " + SCHEMA + ".table_access")).containsExactly("0");
	}

	private List<String> store(String sql) {
		return jdbc.sql(sql).query((rs, n) -> line(rs)).list();
	}

	/** The rows of a query on the archive, read through the Databricks driver, values joined by {@code |}. */
	static List<String> archive(String sql) throws SQLException {
		try (Connection connection = TestWarehouse.instance().connect(); Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery(sql)) {
			List<String> rows = new ArrayList<>();
			while (rs.next()) {
				rows.add(line(rs));
			}
			return rows;
		}
	}

	private static String line(ResultSet rs) throws SQLException {
		List<String> values = new ArrayList<>();
		for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
			String value = rs.getString(i);
			values.add(value == null ? "∅" : value);
		}
		return String.join("|", values);
	}

}
