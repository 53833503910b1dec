package io.lakegov.openlineage.outbox;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.Sources;
import io.lakegov.history.demo.DemoStatement;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.ingest.batch.Reanalysis;
import io.lakegov.openlineage.LineageReceiver;
import io.lakegov.openlineage.OpenLineageProperties;
import io.lakegov.openlineage.event.LineageNaming;
import io.lakegov.openlineage.event.RunEventFactory;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceLineage;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFixtures;
import io.micrometer.core.instrument.MeterRegistry;
import io.openlineage.client.OpenLineage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenLineage feed from ingestion to a consumer on loopback: one event per finished statement that touched a
 * table, checked field by field against the store; through a consumer that answers 503 and one whose port is
 * closed; across a restarted sender; after a re-derivation that changes a statement's tables; and re-emitted by
 * a backfill.
 */
@IntegrationTest(properties = { "lakegov.ingest.initial-lookback=20d", "lakegov.openlineage.sender-enabled=false",
		"lakegov.openlineage.workspace-host=" + OpenLineageFeedIntegrationTests.HOST,
		"lakegov.openlineage.auth.bearer-token=ol-test-token", "lakegov.openlineage.batch-size=40",
		"lakegov.openlineage.retry-initial=10ms", "lakegov.openlineage.retry-max=20ms" })
class OpenLineageFeedIntegrationTests {

	static final String HOST = "adb-1234567890123456.7.azuredatabricks.net";

	static final String NAMESPACE = "databricks://" + HOST;

	static final LineageReceiver receiver = LineageReceiver.start();

	@DynamicPropertySource
	static void consumer(DynamicPropertyRegistry registry) {
		registry.add("lakegov.openlineage.url", receiver::url);
	}

	@AfterAll
	static void stopReceiver() {
		receiver.close();
	}

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	@Autowired
	SourceDatabase sourceDatabase;

	@Autowired
	FeedSender sender;

	@Autowired
	Reanalysis reanalysis;

	@Autowired
	CatalogSync catalog;

	@Autowired
	Sources sources;

	@Autowired
	MeterRegistry registry;

	@Autowired
	OpenLineageProperties properties;

	@Autowired
	FeedOutbox outbox;

	@Autowired
	StatementLoader loader;

	@Autowired
	ConsumerClient client;

	@Autowired
	FeedMetrics metrics;

	SourceRows source;

	Instant now;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		receiver.answer(200);
		receiver.clear();
		source = new SourceRows(jdbc);
		now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
	}

	/** A statement as the store has it: its tables by role, status, query source and principal. */
	record Expected(String statementId, Set<LineageNaming.Dataset> inputs, Set<LineageNaming.Dataset> outputs,
			Set<String> witnesses, String status, String sourceKind, String sourceId, String user) {
	}

	@Test
	void theDemoSendsOneEventPerFinishedStatementThatTouchedATableAsTheStoreHasIt() {
		var warehouse = new DemoWarehouse(sourceDatabase, 0.3);
		List<DemoStatement> statements = new DemoWorkload(28).generate(now.minus(Duration.ofDays(10)),
				now.minus(Duration.ofHours(1)), 400);
		warehouse.writeFinished(statements);
		// the columns of the demo's tables, so that the analyser's columns resolve against them
		warehouse.refreshCatalog(now);
		catalog.sync();
		ingest();

		Map<String, Expected> expected = expected();
		assertThat(expected.values()).as("failed statements that touched a table").anyMatch(e -> "FAILED".equals(e.status()));
		assertThat(expected.values()).as("lineage-only statements").anyMatch(e -> e.witnesses().equals(Set.of("ENGINE_LINEAGE")));
		assertThat(expected.keySet()).as("statements of lineage alone").anyMatch(id -> id.startsWith("lineage:"));
		assertThat(pendingRows()).isEqualTo(expected.size());

		int sent = sender.sendDue();

		assertThat(sent).isEqualTo(expected.size());
		assertThat(pendingRows()).isZero();
		List<LineageReceiver.Received> accepted = receiver.accepted();
		assertThat(accepted).hasSize(expected.size());
		Map<UUID, String> byRun = new HashMap<>();
		expected.keySet().forEach(id -> byRun.put(LineageNaming.runId("default", LineageNaming.queryId(id)), id));
		Map<String, String> redacted = redactedTexts();
		Map<String, String> notebooks = notebooks();
		Set<UUID> runs = new HashSet<>();
		int withColumnLineage = 0;
		for (LineageReceiver.Received request : accepted) {
			assertThat(request.authorization()).isEqualTo("Bearer ol-test-token");
			assertThat(request.contentType()).startsWith("application/json");
			OpenLineage.RunEvent event = request.event();
			assertThat(runs.add(event.getRun().getRunId())).as("one event per run").isTrue();
			String id = byRun.get(event.getRun().getRunId());
			assertThat(id).as("the run of a statement the store has").isNotNull();
			Expected statement = expected.get(id);
			assertThat(event.getEventType()).isEqualTo(RunEventFactory.eventType(statement.status()));
			assertThat(event.getRun().getFacets().getExternalQuery().getExternalQueryId()).isEqualTo(id);
			assertThat(event.getInputs()).extracting(input -> new LineageNaming.Dataset(input.getNamespace(), input.getName()))
				.containsExactlyInAnyOrderElementsOf(statement.inputs());
			assertThat(event.getOutputs()).extracting(output -> new LineageNaming.Dataset(output.getNamespace(), output.getName()))
				.containsExactlyInAnyOrderElementsOf(statement.outputs());
			assertThat(event.getJob().getNamespace()).isEqualTo(NAMESPACE);
			assertThat(event.getJob().getName()).isEqualTo(LineageNaming.job(NAMESPACE, statement.sourceKind(),
					statement.sourceId(), statement.user(), notebooks.get(id)).name());
			if ("ADHOC".equals(statement.sourceKind())) {
				assertThat(event.getJob().getName()).isEqualTo("adhoc." + statement.user());
			}
			String text = redacted.get(id);
			if (text == null || text.isBlank()) {
				assertThat(event.getJob().getFacets().getSql()).isNull();
			}
			else {
				assertThat(event.getJob().getFacets().getSql().getQuery()).isEqualTo(text).doesNotContain("'");
			}
			var witness = event.getRun().getFacets().getAdditionalProperties().get("lakegov_witness");
			assertThat(witness.getAdditionalProperties().get("witness"))
				.isEqualTo(statement.witnesses().size() == 1 ? statement.witnesses().iterator().next() : "MIXED");
			assertThat(witness.getAdditionalProperties().get("lineageOnly"))
				.isEqualTo(statement.witnesses().equals(Set.of("ENGINE_LINEAGE")));
			for (OpenLineage.OutputDataset output : event.getOutputs()) {
				if (output.getFacets() != null && output.getFacets().getColumnLineage() != null) {
					withColumnLineage++;
					assertColumnLineage(id, output);
				}
			}
		}
		assertThat(withColumnLineage).as("outputs whose written columns the analyser knows").isPositive();
		assertThat(receiver.all()).hasSize(expected.size());
		assertThat(sender.sendDue()).as("nothing is sent twice").isZero();
		assertThat(registry.get("lakegov.openlineage.events").tag("outcome", "sent").counter().count())
			.isGreaterThanOrEqualTo(expected.size());
		assertThat(registry.get("lakegov.openlineage.backlog").gauge().value()).isZero();

		ingest();
		assertThat(pendingRows()).as("reading the same window again changes nothing").isZero();
	}

	@Test
	void aConsumerThatIsDownLosesNothingAndGetsEachEventOnce() {
		receiver.answer(503);
		read("s-1", "main.sales.orders", now.minusSeconds(600));
		read("s-2", "main.sales.customers", now.minusSeconds(590));
		read("s-3", "main.sales.returns", now.minusSeconds(580));
		ingest();
		assertThat(pendingRows()).as("ingestion recorded the events while the consumer was down").isEqualTo(3);

		assertThat(sender.sendDue()).isZero();
		JsonNode status = status();
		JsonNode feed = status.get("sources").get(0);
		assertThat(status.get("backlog").asLong()).isEqualTo(3);
		assertThat(feed.get("failures").asInt()).isEqualTo(1);
		assertThat(feed.get("lastError").asString()).startsWith("HTTP 503");
		assertThat(feed.get("nextAttemptAt").isNull()).isFalse();
		assertThat(registry.get("lakegov.openlineage.events").tag("outcome", "failed").counter().count()).isPositive();
		assertThat(registry.get("lakegov.openlineage.backlog").gauge().value()).isEqualTo(3);

		receiver.stop();
		due();
		assertThat(sender.sendDue()).isZero();
		assertThat(status().get("sources").get(0).get("failures").asInt()).isEqualTo(2);

		receiver.restart();
		receiver.answer(200);
		due();
		assertThat(sender.sendDue()).isEqualTo(3);
		assertThat(receiver.accepted()).extracting(request -> request.event().getRun().getFacets().getExternalQuery()
			.getExternalQueryId()).containsExactly("s-1", "s-2", "s-3");
		assertThat(receiver.all()).as("one refused attempt, then each event once").hasSize(4);
		feed = status().get("sources").get(0);
		assertThat(feed.get("failures").asInt()).isZero();
		assertThat(feed.get("lastStatementId").asString()).isEqualTo("s-3");
		assertThat(feed.get("sent").asLong()).isEqualTo(3);
		assertThat(status().get("backlog").asLong()).isZero();
	}

	@Test
	void aConsumerAnswerWithControlCharactersIsRecordedReadably() {
		receiver.answer(503, "down\u0000for\u0007maintenance");
		read("n-1", "main.sales.orders", now.minusSeconds(600));
		ingest();
		assertThat(sender.sendDue()).isZero();
		JsonNode feed = status().get("sources").get(0);
		assertThat(feed.get("failures").asInt()).isEqualTo(1);
		assertThat(feed.get("lastError").asString()).isEqualTo("HTTP 503: down for maintenance");
	}

	@Test
	void aFailureWhileSendingWaitsLikeAConsumerFailureAndLosesNothing() {
		read("f-1", "main.sales.orders", now.minusSeconds(600));
		ingest();
		jdbc.sql("ALTER TABLE statement_analysis RENAME TO statement_analysis_away").update();
		try {
			assertThat(sender.sendDue()).isZero();
		}
		finally {
			jdbc.sql("ALTER TABLE statement_analysis_away RENAME TO statement_analysis").update();
		}
		JsonNode feed = status().get("sources").get(0);
		assertThat(feed.get("failures").asInt()).isEqualTo(1);
		assertThat(feed.get("lastError").asString()).contains("statement_analysis");
		assertThat(feed.get("nextAttemptAt").isNull()).isFalse();

		due();
		assertThat(sender.sendDue()).isEqualTo(1);
		assertThat(receiver.accepted()).extracting(request -> request.event().getRun().getFacets().getExternalQuery()
			.getExternalQueryId()).containsExactly("f-1");
	}

	@Test
	void aStatementTheEnginesLineageToldOfFirstStaysOneRunWhenItsHistoryArrives() {
		new SourceLineage(jdbc).row("early").source("main.sales.orders").by("bob").at(now.minusSeconds(600)).save();
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		OpenLineage.RunEvent first = receiver.accepted().get(0).event();
		assertThat(first.getRun().getFacets().getExternalQuery().getExternalQueryId()).isEqualTo("early");
		assertThat(first.getRun().getRunId()).isEqualTo(LineageNaming.runId("default", "early"));

		source.row("early").text("SELECT * FROM main.sales.orders o JOIN main.sales.customers c USING (id)").user("bob")
			.started(now.minusSeconds(600)).save();
		ingest();
		due();
		sender.sendDue();
		OpenLineage.RunEvent last = receiver.accepted().get(receiver.accepted().size() - 1).event();
		assertThat(receiver.accepted()).extracting(request -> request.event().getRun().getRunId())
			.as("one run, which the history's event replaces").containsOnly(first.getRun().getRunId());
		assertThat(last.getInputs()).extracting(OpenLineage.InputDataset::getName)
			.containsExactlyInAnyOrder("main.sales.orders", "main.sales.customers");
	}

	@Test
	void aRestartedSenderSendsNothingDeliveredAndAnEventLeftMidwayAgainWithItsRunId() {
		read("r-1", "main.sales.orders", now.minusSeconds(600));
		read("r-2", "main.sales.orders", now.minusSeconds(590));
		ingest();
		assertThat(sender.sendDue()).isEqualTo(2);
		UUID first = receiver.accepted().get(1).event().getRun().getRunId();

		FeedSender restarted = new FeedSender(properties, sources, outbox, loader, client, metrics);
		assertThat(restarted.sendDue()).isZero();
		assertThat(receiver.all()).hasSize(2);

		// a sender posted r-2 and died before recording it, holding the source
		jdbc.sql("UPDATE openlineage_event SET status = 'PENDING', sent_at = NULL WHERE statement_id = 'r-2'").update();
		jdbc.sql("UPDATE openlineage_cursor SET lease_owner = 'gone', lease_until = now() + interval '1 hour'").update();
		assertThat(restarted.sendDue()).as("the source is another sender's until its lease runs out").isZero();
		jdbc.sql("UPDATE openlineage_cursor SET lease_until = now() - interval '1 second'").update();
		assertThat(restarted.sendDue()).isEqualTo(1);
		assertThat(receiver.accepted()).hasSize(3);
		assertThat(receiver.accepted().get(2).event().getRun().getRunId()).as("the same run, which consumers replace")
			.isEqualTo(first);
	}

	@Test
	void aSenderThatLostTheSourceRecordsNoRefusal() {
		read("x-1", "main.sales.orders", now.minusSeconds(600));
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		read("x-2", "main.sales.orders", now.minusSeconds(590));
		ingest();
		FeedOutbox.Pending pending = outbox.pending("default", 10).get(0);

		assertThat(outbox.rejected("default", "not-the-holder", pending, "400 Bad Request")).isFalse();
		assertThat(eventStatus(pending)).isEqualTo("PENDING");
		assertThat(jdbc.sql("SELECT rejected FROM openlineage_cursor WHERE source = 'default'").query(Long.class).single())
			.isZero();

		receiver.answer(400);
		assertThat(sender.sendDue()).isZero();
		assertThat(eventStatus(pending)).as("refused by the sender that holds the source").isEqualTo("REJECTED");
	}

	@Test
	void aConsumerThatRefusesEverythingMakesTheSenderWaitInsteadOfSettingTheBacklogAside() {
		read("z-0", "main.sales.orders", now.minusSeconds(700));
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		// the consumer refused the events before these, up to the limit
		jdbc.sql("UPDATE openlineage_cursor SET rejected_in_row = :limit").param("limit", FeedSender.MAX_REJECTED_IN_ROW)
			.update();
		receiver.answer(400);
		read("z-1", "main.sales.orders", now.minusSeconds(600));
		read("z-2", "main.sales.orders", now.minusSeconds(590));
		ingest();

		assertThat(sender.sendDue()).isZero();
		assertThat(pendingRows()).as("nothing more set aside").isEqualTo(2);
		JsonNode feed = status().get("sources").get(0);
		assertThat(feed.get("failures").asInt()).isEqualTo(1);
		assertThat(feed.get("lastError").asString()).startsWith("The consumer refused the last 100 events in a row")
			.contains("HTTP 400");
		assertThat(feed.get("rejected").asLong()).isZero();

		receiver.answer(200);
		due();
		assertThat(sender.sendDue()).isEqualTo(2);
		assertThat(jdbc.sql("SELECT rejected_in_row FROM openlineage_cursor WHERE source = 'default'").query(Integer.class)
			.single()).isZero();
	}

	@Test
	void twoSendersAtOnceSendEachEventOnceAndInOrder() {
		for (int i = 0; i < 90; i++) {
			read(String.format("p-%03d", i), "main.sales.orders", now.minusSeconds(900 - i));
		}
		ingest();
		FeedSender other = new FeedSender(properties, sources, outbox, loader, client, metrics);

		var one = java.util.concurrent.CompletableFuture.supplyAsync(sender::sendDue);
		var two = java.util.concurrent.CompletableFuture.supplyAsync(other::sendDue);
		assertThat(one.join() + two.join()).isEqualTo(90);

		List<String> ids = receiver.all()
			.stream()
			.map(request -> request.event().getRun().getFacets().getExternalQuery().getExternalQueryId())
			.toList();
		assertThat(ids).hasSize(90).doesNotHaveDuplicates().isSorted();
		assertThat(pendingRows()).isZero();
	}

	@Test
	void aReDerivationThatChangesAStatementsTablesSendsItAgainAndOneThatDoesNotSendsNothing() {
		String session = UsageFixtures.unique("olsession");
		source.row("u-1").user("ann").session(session).started(now.minusSeconds(600)).text("SELECT * FROM sales.orders").save();
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		OpenLineage.RunEvent first = receiver.accepted().get(0).event();
		assertThat(first.getInputs()).as("a name that is no catalog.schema.table is no dataset").isEmpty();
		assertThat(witness(first).get("unqualifiedTables")).isEqualTo(List.of("sales.orders"));

		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1' WHERE statement_id = 'u-1'").update();
		assertThat(reanalysis.run(sources.primary(), 100, (refreshed, analysed, unanalysable) -> {
		}).refreshed()).isEqualTo(1);
		assertThat(pendingRows()).as("re-analysed, the same tables").isZero();
		assertThat(sender.sendDue()).isZero();

		// the session's USE, earlier than the statement, arrives late: the statement now reads main.sales.orders
		source.row("u-0").user("ann").session(session).started(now.minusSeconds(660)).text("USE CATALOG main").save();
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		OpenLineage.RunEvent again = receiver.accepted().get(1).event();
		assertThat(again.getRun().getRunId()).isEqualTo(LineageNaming.runId("default", "u-1"));
		assertThat(again.getInputs()).singleElement().satisfies(input -> {
			assertThat(input.getNamespace()).isEqualTo(NAMESPACE);
			assertThat(input.getName()).isEqualTo("main.sales.orders");
		});
		assertThat(witness(again).get("unqualifiedTables")).isEqualTo(List.of());
	}

	@Test
	void aStatementThatTurnsOutToReadNoTableIsSentAgainWithoutTheTablesItWasSentWith() {
		String session = UsageFixtures.unique("olsession");
		source.row("t-1").user("ann").session(session).started(now.minusSeconds(600)).text("SELECT * FROM recent_orders").save();
		ingest();
		assertThat(sender.sendDue()).isEqualTo(1);
		OpenLineage.RunEvent first = receiver.accepted().get(0).event();
		assertThat(first.getInputs()).as("a name that is no catalog.schema.table is no dataset").isEmpty();
		assertThat(witness(first).get("unqualifiedTables")).isEqualTo(List.of("recent_orders"));

		// the session's temporary view, created earlier, arrives late: the statement read the view, no table
		source.row("t-0").user("ann").session(session).started(now.minusSeconds(660))
			.text("CREATE TEMPORARY VIEW recent_orders AS SELECT 1 AS id").save();
		ingest();
		assertThat(digest("t-1")).isEqualTo(EventDigest.NO_TABLES);
		assertThat(sender.sendDue()).as("the statement once more, and not the view's").isEqualTo(1);
		OpenLineage.RunEvent again = receiver.accepted().get(1).event();
		assertThat(again.getRun().getRunId()).isEqualTo(first.getRun().getRunId());
		assertThat(again.getEventType()).isEqualTo(OpenLineage.RunEvent.EventType.COMPLETE);
		assertThat(again.getJob().getNamespace()).isEqualTo(first.getJob().getNamespace());
		assertThat(again.getJob().getName()).isEqualTo(first.getJob().getName()).isEqualTo("adhoc.ann");
		assertThat(again.getInputs()).isEmpty();
		assertThat(again.getOutputs()).isEmpty();
		assertThat(again.getRun().getFacets().getExternalQuery().getExternalQueryId()).isEqualTo("t-1");
		assertThat(again.getRun().getFacets().getAdditionalProperties().get("lakegov_witness").getAdditionalProperties()
			.get("witness")).isEqualTo("NONE");

		ingest();
		assertThat(pendingRows()).as("reading the same window again changes nothing").isZero();
		assertThat(sender.sendDue()).isZero();
	}

	@Test
	void aStatementWhoseColumnsResolveLaterIsSentAgainWithItsColumnLineageAndOneResolvedAlikeIsNot() {
		jdbc.sql("DELETE FROM lakehouse.columns WHERE table_schema = 'olcols'").update();
		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_schema = 'olcols'").update();
		for (String table : List.of("sales", "totals", "copy")) {
			jdbc.sql("INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name) VALUES ('main', 'olcols', :t)")
				.param("t", table)
				.update();
		}
		catalog.sync();
		source.row("c-1").user("ann").started(now.minusSeconds(600))
			.text("INSERT INTO main.olcols.totals SELECT * FROM main.olcols.sales").save();
		source.row("c-2").user("ann").started(now.minusSeconds(590))
			.text("INSERT INTO main.olcols.copy (region) SELECT region FROM main.olcols.sales").save();
		ingest();
		assertThat(sender.sendDue()).isEqualTo(2);
		OpenLineage.RunEvent first = event("c-1", receiver.accepted());
		assertThat(first.getOutputs()).singleElement()
			.satisfies(output -> assertThat(output.getFacets() == null ? null : output.getFacets().getColumnLineage())
				.as("the columns of SELECT * are not known yet")
				.isNull());

		columns("sales", "region", "amount");
		columns("totals", "region", "total");
		columns("copy", "region");
		catalog.sync();
		assertThat(pendingRows()).as("c-1 has column lineage now; c-2's columns resolved as before").isEqualTo(1);
		assertThat(sender.sendDue()).isEqualTo(1);
		OpenLineage.RunEvent again = receiver.accepted().get(2).event();
		assertThat(again.getRun().getRunId()).isEqualTo(first.getRun().getRunId());
		OpenLineage.OutputDataset totals = again.getOutputs().get(0);
		assertThat(totals.getName()).isEqualTo("main.olcols.totals");
		var fields = totals.getFacets().getColumnLineage().getFields().getAdditionalProperties();
		assertThat(fields.keySet()).containsExactlyInAnyOrder("region", "total");
		assertThat(fields.get("total").getInputFields()).extracting(field -> field.getName() + "." + field.getField())
			.containsExactlyInAnyOrder("main.olcols.sales.region", "main.olcols.sales.amount");

		catalog.sync();
		assertThat(pendingRows()).as("an unchanged inventory resolves nothing again").isZero();
		assertThat(sender.sendDue()).isZero();
	}

	private void columns(String table, String... columns) {
		for (int i = 0; i < columns.length; i++) {
			jdbc.sql("""
					INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
					VALUES ('main', 'olcols', :t, :c, :p)""")
				.param("t", table)
				.param("c", columns[i])
				.param("p", i + 1)
				.update();
		}
	}

	private static OpenLineage.RunEvent event(String statementId, List<LineageReceiver.Received> received) {
		return received.stream()
			.map(LineageReceiver.Received::event)
			.filter(event -> statementId.equals(event.getRun().getFacets().getExternalQuery().getExternalQueryId()))
			.findFirst()
			.orElseThrow();
	}

	@Test
	void aBackfillSendsARangeAgainAndRefusesABadOne() {
		read("b-1", "main.sales.orders", now.minusSeconds(7200));
		read("b-2", "main.sales.orders", now.minusSeconds(600));
		source.row("b-3").user("ann").started(now.minusSeconds(500)).text("SELECT * FROM main.sales.orders").status("RUNNING")
			.set("update_time", java.sql.Timestamp.from(now.minusSeconds(490))).save();
		ingest();
		assertThat(sender.sendDue()).as("the running statement has no event yet").isEqualTo(2);
		String recorded = digest("b-2");

		ResponseEntity<JsonNode> accepted = backfill(Map.of("from", now.minusSeconds(3600).toString(), "to", now.toString()),
				IntegrationTest.OPERATOR_KEY);
		assertThat(accepted.getStatusCode().value()).isEqualTo(202);
		assertThat(accepted.getBody().get("events").asLong()).isEqualTo(1);
		assertThat(accepted.getBody().get("sources")).extracting(JsonNode::asString).containsExactly("default");
		assertThat(digest("b-2")).as("the backfill's digest is the one ingestion records").isEqualTo(recorded);
		assertThat(sender.sendDue()).isEqualTo(1);
		assertThat(receiver.accepted()).hasSize(3);
		assertThat(receiver.accepted().get(2).event().getRun().getRunId()).isEqualTo(LineageNaming.runId("default", "b-2"));

		ingest();
		assertThat(pendingRows()).as("a backfilled statement written again unchanged is not sent again").isZero();

		assertProblem(backfill(Map.of("from", now.toString(), "to", now.minusSeconds(60).toString()),
				IntegrationTest.OPERATOR_KEY), 400, "before");
		assertProblem(backfill(Map.of("from", now.minus(Duration.ofDays(40)).toString(), "to", now.toString()),
				IntegrationTest.OPERATOR_KEY), 400, "at most 31 days");
		assertProblem(backfill(Map.of("from", now.minusSeconds(60).toString(), "to", now.toString(), "source", "nowhere"),
				IntegrationTest.OPERATOR_KEY), 400, "Unknown source");
		assertProblem(backfill(Map.of("to", now.toString()), IntegrationTest.OPERATOR_KEY), 400, null);
		assertProblem(backfill(Map.of("from", "+999999999-12-30T00:00:00Z", "to", "+999999999-12-31T00:00:00Z"),
				IntegrationTest.OPERATOR_KEY), 400, "from must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.");
		assertThat(backfill(Map.of("from", now.minusSeconds(60).toString(), "to", now.toString()), IntegrationTest.VIEWER_KEY)
			.getStatusCode()
			.value()).isEqualTo(403);
	}

	private void assertColumnLineage(String statementId, OpenLineage.OutputDataset output) {
		Set<String> written = new HashSet<>();
		Set<String> read = new HashSet<>();
		jdbc.sql("""
				SELECT table_name, column_name, role FROM column_access
				WHERE source = 'default' AND statement_id = :id AND resolution = 'RESOLVED'""")
			.param("id", statementId)
			.query((rs, n) -> ("WRITE".equals(rs.getString(3)) ? written : read)
				.add(LineageNaming.dataset(HOST, rs.getString(1)).name() + "|" + rs.getString(2)))
			.list();
		var fields = output.getFacets().getColumnLineage().getFields().getAdditionalProperties();
		assertThat(fields).isNotEmpty();
		fields.forEach((column, of) -> {
			assertThat(written).contains(output.getName() + "|" + column);
			assertThat(of.getInputFields()).isNotEmpty()
				.allSatisfy(field -> assertThat(read).contains(field.getName() + "|" + field.getField()));
		});
	}

	/** What the store says each statement with an event touched. */
	private Map<String, Expected> expected() {
		Map<String, List<String[]>> rows = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT statement_id, role, table_name, witness, coalesce(execution_status, ''), source_kind, source_id, user_name
				FROM table_access
				WHERE source = 'default' AND role IN ('READ', 'WRITE')""")
			.query((rs, n) -> rows.computeIfAbsent(rs.getString(1), id -> new ArrayList<>())
				.add(new String[] { rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
						rs.getString(7), rs.getString(8) }))
			.list();
		Map<String, Expected> expected = new LinkedHashMap<>();
		rows.forEach((id, of) -> {
			String status = of.get(0)[3].isEmpty() ? null : of.get(0)[3];
			if (RunEventFactory.eventType(status) == null) {
				return;
			}
			Set<LineageNaming.Dataset> inputs = new HashSet<>();
			Set<LineageNaming.Dataset> outputs = new HashSet<>();
			Set<String> witnesses = new HashSet<>();
			for (String[] row : of) {
				if (LineageNaming.named(row[1])) {
					("READ".equals(row[0]) ? inputs : outputs).add(LineageNaming.dataset(HOST, row[1]));
				}
				witnesses.add(row[2]);
			}
			expected.put(id, new Expected(id, inputs, outputs, witnesses, status, of.get(0)[4], of.get(0)[5], of.get(0)[6]));
		});
		return expected;
	}

	private Map<String, String> redactedTexts() {
		Map<String, String> texts = new HashMap<>();
		jdbc.sql("""
				SELECT q.statement_id, a.redacted_sql FROM query_history q
				JOIN statement_analysis a ON a.text_hash = q.text_hash AND a.analyzer_version = q.analyzer_version
				WHERE q.source = 'default'""")
			.query((rs, n) -> texts.put(rs.getString(1), rs.getString(2)))
			.list();
		return texts;
	}

	private Map<String, String> notebooks() {
		Map<String, String> notebooks = new HashMap<>();
		jdbc.sql("SELECT statement_id, query_source ->> 'notebook_id' FROM query_history WHERE source = 'default'")
			.query((rs, n) -> notebooks.put(rs.getString(1), rs.getString(2)))
			.list();
		return notebooks;
	}

	private void read(String statementId, String table, Instant at) {
		source.row(statementId).user("ann").started(at).text("SELECT * FROM " + table + " WHERE region = 'emea'").save();
	}

	private void ingest() {
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	/** Makes the source's next attempt due now, as the backoff would after its delay. */
	private void due() {
		jdbc.sql("UPDATE openlineage_cursor SET next_attempt_at = now()").update();
	}

	/** The event's {@code lakegov_witness} facet, as a consumer reads it. */
	private static Map<String, Object> witness(OpenLineage.RunEvent event) {
		return event.getRun().getFacets().getAdditionalProperties().get("lakegov_witness").getAdditionalProperties();
	}

	private String digest(String statementId) {
		return jdbc.sql("SELECT digest FROM openlineage_event WHERE statement_id = :id")
			.param("id", statementId)
			.query(String.class)
			.single();
	}

	private String eventStatus(FeedOutbox.Pending pending) {
		return jdbc.sql("SELECT status FROM openlineage_event WHERE statement_id = :id AND seq = :seq")
			.param("id", pending.statementId())
			.param("seq", pending.seq())
			.query(String.class)
			.single();
	}

	private long pendingRows() {
		return jdbc.sql("SELECT count(*) FROM openlineage_event WHERE status = 'PENDING'").query(Long.class).single();
	}

	private JsonNode status() {
		return TestApi.withKey(port, IntegrationTest.OPERATOR_KEY)
			.get()
			.uri("/api/v1/openlineage/status")
			.retrieve()
			.body(JsonNode.class);
	}

	private ResponseEntity<JsonNode> backfill(Map<String, String> body, String key) {
		return TestApi.withKey(port, key)
			.post()
			.uri("/api/v1/openlineage/backfills")
			.body(body)
			.retrieve()
			.toEntity(JsonNode.class);
	}

	private static void assertProblem(ResponseEntity<JsonNode> answer, int status, String detail) {
		assertThat(answer.getStatusCode().value()).isEqualTo(status);
		assertThat(answer.getHeaders().getContentType().toString()).startsWith("application/problem+json");
		assertThat(answer.getBody().get("status").asInt()).isEqualTo(status);
		if (detail != null) {
			assertThat(answer.getBody().get("detail").asString()).contains(detail);
		}
	}

}
