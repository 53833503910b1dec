package io.lakegov.archive;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.lakegov.archive.outbox.Archiver;
import io.lakegov.archive.shed.DetailShedder;
import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseLineage;
import io.lakegov.support.WarehouseHistory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;

import static io.lakegov.archive.ArchiveIntegrationTests.archive;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Detail retention against the test warehouse: the store sheds a closed day's detail only once the archive
 * holds it (never before the archive exists, never while a statement waits in the outbox), keeps the
 * statements the view graph and the retention proposals read, and every usage answer over a range reaching
 * into closed days stays what it was. Rows that arrive for a closed day are counted, not stored; a backfill
 * of closed days is refused; the statements list says where detail starts; removal gives way to a writer.
 */
@ArchiveWarehouseTest
class DetailRetentionIntegrationTests {

	static final String SCHEMA = ArchiveWarehouseTest.SCHEMA;

	static final Instant OLD = Instant.now().minus(500, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);

	static final Instant RECENT = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);

	static final LocalDate FROM = OLD.atZone(ZoneOffset.UTC).toLocalDate().minusDays(10);

	static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

	static final String ORDERS = "spark_catalog.sales.orders";

	static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	IngestionService ingestion;

	@Autowired
	Archiver archiver;

	@Autowired
	DetailShedder shedder;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DataSource dataSource;

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
	void shedsClosedDaysOnlyOnceArchivedAndEveryUsageAnswerStaysTheSame() throws SQLException {
		source.insert(workload());
		backfill(OLD.minus(1, ChronoUnit.DAYS), Instant.now());
		assertThat(ids()).hasSize(10);
		Map<String, String> before = answers();
		LocalDate earliest = closedBeforeToday();

		// no archive tables yet: nothing leaves the store
		assertThat(shedder.shed()).isEmpty();
		assertThat(ids()).hasSize(10);

		// archived, but one old statement waits in the outbox again: it stays, with the evidence
		archiveAll();
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) VALUES ('default', 'o-read2')").update();
		DetailShedder.Pass first = shedder.shed().orElseThrow();
		// the horizon moves with the day, which may turn while the test runs
		assertThat(first.closedBefore()).isBetween(earliest, closedBeforeToday());
		assertThat(first.statements()).isEqualTo(4);
		assertThat(first.facts()).isPositive();
		assertThat(ids()).containsExactlyInAnyOrder("o-read2", "o-view", "o-travel", "o-failed", "n-read", "n-viewer");
		assertThat(jdbc.sql("""
				SELECT count(*) FROM table_access WHERE statement_id IN ('o-read1', 'o-write', 'o-viewer', 'o-columns')
				UNION ALL
				SELECT count(*) FROM column_access WHERE statement_id IN ('o-read1', 'o-write', 'o-viewer', 'o-columns')""")
			.query(Long.class)
			.list()).containsOnly(0L);
		assertThat(archive("SELECT statement_id FROM " + SCHEMA + ".query_history")).hasSize(10);
		assertThat(archive("SELECT count(*) FROM " + SCHEMA + ".table_access WHERE statement_id = 'o-read1'"))
			.doesNotContain("0");

		archiveAll();
		assertThat(shedder.shed().orElseThrow().statements()).isEqualTo(1);
		assertThat(ids()).containsExactlyInAnyOrder("o-view", "o-travel", "o-failed", "n-read", "n-viewer");
		assertSameAnswers(before);

		ArchiveStatus.Detail detail = status().detail();
		assertThat(detail.retentionDays()).isEqualTo(ArchiveWarehouseTest.DETAIL_RETENTION_DAYS);
		assertThat(detail.closedBefore()).isBetween(first.closedBefore(), closedBeforeToday());
		assertThat(detail.statementsShed()).isEqualTo(5);
		assertThat(detail.statementsHeld()).isEqualTo(3);

		// a statement the store no longer holds, written again, keeps its rows in the archive
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) VALUES ('default', 'o-read1')").update();
		archiveAll();
		assertThat(archive("SELECT count(*) FROM " + SCHEMA + ".table_access WHERE statement_id = 'o-read1'"))
			.doesNotContain("0");
		assertThat(archive("SELECT statement_id FROM " + SCHEMA + ".query_history")).hasSize(10);

		// a row of a closed day that arrives late is counted, not stored, and changes no answer
		source.insert(List.of(source.row("o-late").user("hal@corp.example").started(OLD.plusSeconds(3600))
			.updated(Instant.now().minusSeconds(30)).text("SELECT * FROM " + ORDERS + " -- " + nonce)));
		IngestionRun late = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(late.status()).isEqualTo("SUCCEEDED");
		assertThat(late.rowsClosed()).isEqualTo(1);
		assertThat(ids()).doesNotContain("o-late");
		assertSameAnswers(before);

		// a backfill reaching into closed days reads their statements and engine lineage again: the statements
		// that left are counted, not stored, and lineage of a closed day makes no lineage-only statement
		WarehouseLineage lineage = new WarehouseLineage(TestWarehouse.instance());
		try {
			lineage.insert(List.of(lineage.row("o-read1").source(ORDERS).by("alice@corp.example").at(OLD.plusSeconds(10))));
			IngestionRun again = backfill(OLD.minus(1, ChronoUnit.DAYS), Instant.now());
			assertThat(again.rowsClosed()).isEqualTo(6);
			assertThat(ids()).containsExactlyInAnyOrder("o-view", "o-travel", "o-failed", "n-read", "n-viewer");
			assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE statement_id LIKE 'lineage:%'")
				.query(Long.class)
				.single()).isZero();
			assertSameAnswers(before);
		}
		finally {
			lineage.clear();
		}

		// a statement of a closed day the store still holds has its archived facts follow the store's, deletions
		// included, while a shed statement written again keeps its rows (above)
		assertThat(archive("SELECT count(*) FROM " + SCHEMA + ".table_access WHERE statement_id = 'o-travel'"))
			.doesNotContain("0");
		jdbc.sql("DELETE FROM table_access WHERE statement_id = 'o-travel'").update();
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) VALUES ('default', 'o-travel'), ('default', 'o-read1')")
			.update();
		archiveAll();
		assertThat(archive("SELECT count(*) FROM " + SCHEMA + ".table_access WHERE statement_id = 'o-travel'"))
			.containsExactly("0");
		assertThat(archive("SELECT count(*) FROM " + SCHEMA + ".table_access WHERE statement_id = 'o-read1'"))
			.doesNotContain("0");
	}

	@Test
	void answersThatNeedClosedDaysDetailSaySo() throws SQLException {
		source.insert(workload());
		backfill(OLD.minus(1, ChronoUnit.DAYS), Instant.now());
		archiveAll();
		LocalDate earliest = closedBeforeToday();
		LocalDate closed = shedder.shed().orElseThrow().closedBefore();
		assertThat(closed).isBetween(earliest, closedBeforeToday());

		JsonNode statements = get("/api/v1/statements?from=" + FROM + "&to=" + TODAY + "&size=100").getBody();
		assertThat(statements.get("closedBefore").asString()).isEqualTo(closed.toString());
		assertThat(statements.get("items").findValuesAsString("statementId")).containsExactlyInAnyOrder("n-read",
				"n-viewer");
		JsonNode recent = get("/api/v1/statements?from=" + closed + "&to=" + TODAY).getBody();
		assertThat(recent.get("closedBefore").isNull()).isTrue();

		ResponseEntity<JsonNode> oneSource = get(
				"/api/v1/tables/" + ORDERS + "/readers?source=default&from=" + FROM + "&to=" + TODAY);
		assertThat(oneSource.getStatusCode().value()).isEqualTo(409);
		assertThat(oneSource.getBody().get("detail").asString()).contains(closed.toString());
		assertThat(get("/api/v1/tables/" + ORDERS + "/readers?source=default&from=" + closed + "&to=" + TODAY)
			.getStatusCode()
			.value()).isEqualTo(200);

		ResponseEntity<JsonNode> closedBackfill = TestApi.withKey(port)
			.post()
			.uri("/api/v1/ingestion/backfills")
			.contentType(MediaType.APPLICATION_JSON)
			.body(Map.of("from", OLD.minus(1, ChronoUnit.DAYS).toString(), "to", OLD.plus(1, ChronoUnit.DAYS).toString()))
			.retrieve()
			.onStatus(HttpStatusCode::isError, (request, response) -> {
			})
			.toEntity(JsonNode.class);
		assertThat(closedBackfill.getStatusCode().value()).isEqualTo(400);
		assertThat(closedBackfill.getBody().get("detail").asString()).contains("detail-retention");
	}

	@Test
	void givesWayToATransactionHoldingAStatementOfAClosedDay() throws SQLException {
		source.insert(workload());
		backfill(OLD.minus(1, ChronoUnit.DAYS), Instant.now());
		archiveAll();
		try (Connection writer = dataSource.getConnection()) {
			writer.setAutoCommit(false);
			try (Statement statement = writer.createStatement()) {
				statement.execute("SELECT 1 FROM table_access WHERE statement_id = 'o-write' FOR UPDATE");
			}
			assertThat(shedder.shed()).isPresent();
			assertThat(ids()).contains("o-write");
			writer.rollback();
		}
		shedder.shed().orElseThrow();
		assertThat(ids()).containsExactlyInAnyOrder("o-view", "o-travel", "o-failed", "n-read", "n-viewer");
	}

	@Test
	void keepsAStatementWhoseOpenLineageEventWaitsWhileTheFeedLivesOrWhoseWatchEventsWait() {
		source.insert(workload());
		backfill(OLD.minus(1, ChronoUnit.DAYS), Instant.now());
		archiveAll();
		// o-read1's event was recorded long ago and the consumer has refused every attempt since; o-write's
		// event was recorded by a feed that has been off for longer than a feed counts as alive
		jdbc.sql("""
				INSERT INTO openlineage_event (source, statement_id, digest, seq, status, event_time, enqueued_at)
				VALUES ('default', 'o-read1', 'd1', 1, 'PENDING', :old, now() - interval '30 days'),
				       ('default', 'o-write', 'd2', 2, 'PENDING', :old, now() - interval '30 days'),
				       ('default', 'o-read2', 'd3', 3, 'SENT', :old, now() - interval '30 days')""")
			.param("old", Timestamp.from(OLD))
			.update();
		jdbc.sql("""
				INSERT INTO openlineage_cursor (source, failures, last_error, last_error_at, next_attempt_at)
				VALUES ('default', 400, 'HTTP 401', now() - interval '5 minutes', now() + interval '5 minutes')""")
			.update();
		// o-read2's watch events failed in its batch and wait to be raised again from its facts
		jdbc.sql("""
				INSERT INTO watch_redetection (kind, source, names, happened_at)
				VALUES ('FACTS', 'default', ARRAY['n-read', 'o-read2'], now())""").update();
		shedder.shed().orElseThrow();
		assertThat(ids()).containsExactlyInAnyOrder("o-read1", "o-read2", "o-write", "o-view", "o-travel", "o-failed",
				"n-read", "n-viewer");

		jdbc.sql("UPDATE openlineage_cursor SET last_error_at = now() - interval '8 days'").update();
		shedder.shed().orElseThrow();
		assertThat(ids()).containsExactlyInAnyOrder("o-read2", "o-view", "o-travel", "o-failed", "n-read", "n-viewer");

		jdbc.sql("DELETE FROM watch_redetection").update();
		shedder.shed().orElseThrow();
		assertThat(ids()).containsExactlyInAnyOrder("o-view", "o-travel", "o-failed", "n-read", "n-viewer");
	}


	/** The first day whose statements keep their detail, as the day is now. */
	private static LocalDate closedBeforeToday() {
		return LocalDate.now(ZoneOffset.UTC).minusDays(ArchiveWarehouseTest.DETAIL_RETENTION_DAYS);
	}

	private List<WarehouseHistory.Row> workload() {
		return List.of(
				source.row("o-read1").user("alice@corp.example").job("j-7").started(OLD)
					.text("SELECT * FROM " + ORDERS + " WHERE amount > 10 -- " + nonce),
				source.row("o-read2").user("bob@corp.example").notebook("nb-1").started(OLD.plusSeconds(60))
					.text("SELECT id, amount FROM " + ORDERS + " -- " + nonce),
				source.row("o-columns").user("bob@corp.example").notebook("nb-1").started(OLD.plusSeconds(90))
					.text("SELECT o.id, c.name FROM " + ORDERS + " o JOIN spark_catalog.sales.customers c "
							+ "ON o.customer_id = c.id -- " + nonce),
				source.row("o-write").user("carol@corp.example").started(OLD.plusSeconds(120))
					.text("INSERT INTO spark_catalog.gold.daily SELECT * FROM " + ORDERS + " -- " + nonce),
				source.row("o-view").user("dora@corp.example").started(OLD.plusSeconds(180)).text(
						"CREATE VIEW spark_catalog.sales.big_orders AS SELECT id, amount FROM " + ORDERS
								+ " WHERE amount > 100 -- " + nonce),
				source.row("o-viewer").user("erin@corp.example").dashboard("d-1").started(OLD.plusSeconds(240))
					.text("SELECT id FROM spark_catalog.sales.big_orders -- " + nonce),
				source.row("o-travel").user("frank@corp.example").started(OLD.plusSeconds(300))
					.text("SELECT count(*) FROM " + ORDERS + " VERSION AS OF 3 -- " + nonce),
				source.row("o-failed").user("gus@corp.example").status("FAILED").started(OLD.plusSeconds(360))
					.error("[DELTA_FILE_NOT_FOUND_DETAILED] File referenced in the transaction log cannot be found")
					.text("SELECT * FROM " + ORDERS + " TIMESTAMP AS OF '2020-01-01' -- " + nonce),
				source.row("n-read").user("alice@corp.example").job("j-7").started(RECENT)
					.text("SELECT * FROM " + ORDERS + " WHERE amount > 99 -- " + nonce),
				source.row("n-viewer").user("erin@corp.example").dashboard("d-1").started(RECENT.plusSeconds(60))
					.text("SELECT id FROM spark_catalog.sales.big_orders -- " + nonce));
	}

	/**
	 * The usage answers over a range that reaches into the closed days, by URI; the writers' statement kinds
	 * come from per-statement detail and leave with it, so they are left out.
	 */
	private Map<String, String> answers() {
		String range = "from=" + FROM + "&to=" + TODAY;
		String oldDays = "from=" + OLD.atZone(ZoneOffset.UTC).toLocalDate() + "&to="
				+ OLD.atZone(ZoneOffset.UTC).toLocalDate().plusDays(1);
		Map<String, String> answers = new LinkedHashMap<>();
		for (String uri : List.of("/api/v1/tables/" + ORDERS + "/readers?" + range,
				"/api/v1/tables/" + ORDERS + "/readers?indirect=true&" + range,
				"/api/v1/tables/spark_catalog.gold.daily/writers?" + range, "/api/v1/tables/" + ORDERS + "/usage?" + range,
				"/api/v1/tables/" + ORDERS + "/queries?" + range, "/api/v1/tables/" + ORDERS + "/related?" + range,
				"/api/v1/tables/" + ORDERS + "/columns?" + range, "/api/v1/tables/" + ORDERS + "/impact?lookbackDays=3660",
				"/api/v1/tables/" + ORDERS + "/columns/id/impact?lookbackDays=3660",
				"/api/v1/tables/" + ORDERS + "/retention", "/api/v1/retention/proposals",
				"/api/v1/rankings/tables?" + range, "/api/v1/rankings/users?" + range,
				"/api/v1/rankings/tables?indirect=true&" + range, "/api/v1/tables/unused?days=3660",
				"/api/v1/users/alice@corp.example/tables?" + range, "/api/v1/schemas/spark_catalog.sales/usage?" + range,
				"/api/v1/usage/daily?" + oldDays, "/api/v1/datahub/usage?" + oldDays)) {
			ResponseEntity<JsonNode> answer = get(uri);
			assertThat(answer.getStatusCode().value()).as(uri).isEqualTo(200);
			JsonNode body = answer.getBody();
			body.findParents("statementKinds").forEach(parent -> ((ObjectNode) parent).remove("statementKinds"));
			// the retention evidence's window ends now; how many tables' settings were asked depends on the cache
			if (uri.startsWith("/api/v1/retention/")) {
				((ObjectNode) body).remove(List.of("inventory", "metadata"));
			}
			body.findParents("evidence").forEach(parent -> {
				if (parent.get("evidence").isObject()) {
					((ObjectNode) parent.get("evidence")).remove(List.of("from", "to"));
				}
			});
			answers.put(uri, JSON.writeValueAsString(body));
		}
		return answers;
	}

	/** Every answer as it was, each compared alone so that a difference names its URI. */
	private void assertSameAnswers(Map<String, String> before) {
		Map<String, String> after = answers();
		before.forEach((uri, answer) -> assertThat(after.get(uri)).as(uri).isEqualTo(answer));
	}

	private ResponseEntity<JsonNode> get(String uri) {
		return TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
			.get()
			.uri(uri)
			.retrieve()
			.onStatus(HttpStatusCode::isError, (request, response) -> {
			})
			.toEntity(JsonNode.class);
	}

	private List<String> ids() {
		return jdbc.sql("SELECT statement_id FROM query_history").query(String.class).list();
	}

	private IngestionRun backfill(Instant from, Instant to) {
		IngestionRun run = TestApi.withKey(port)
			.post()
			.uri("/api/v1/ingestion/backfills")
			.contentType(MediaType.APPLICATION_JSON)
			.body(Map.of("from", from.toString(), "to", to.toString()))
			.retrieve()
			.body(IngestionRun.class);
		while (true) {
			IngestionRun now = TestApi.withKey(port).get().uri("/api/v1/ingestion/runs/{id}", run.id()).retrieve()
				.body(IngestionRun.class);
			if (!"RUNNING".equals(now.status())) {
				assertThat(now.status()).isEqualTo("SUCCEEDED");
				return now;
			}
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	private void archiveAll() {
		ArchiveTesting.archiveAll(archiver, jdbc);
	}

	private ArchiveStatus status() {
		return TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
			.get()
			.uri("/api/v1/archive/status")
			.retrieve()
			.body(ArchiveStatus.class);
	}

}
