package io.lakegov.feed.datahub;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.feed.DailyUsage;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.usage.DateRange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Usage as DataHub reads it: the file for DataHub's file source holds one datasetUsageStatistics proposal per
 * (day, table), named and shaped as DataHub documents them, with the store's counts and redacted texts only; the push
 * to a GMS sends each closed day once and resumes after GMS was down without sending anything twice.
 */
@IntegrationTest(properties = { "lakegov.usage.time-zone=UTC", "lakegov.datahub.enabled=false",
		"lakegov.datahub.catalog-platform-instances.main=eu_ws", "lakegov.datahub.token=" + FakeGms.TOKEN,
		"lakegov.datahub.push-after=0s", "lakegov.datahub.push-days=4", "lakegov.datahub.attempts=2",
		"lakegov.datahub.retry-initial=10ms", "lakegov.datahub.retry-max=20ms" })
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataHubUsageIntegrationTests {

	static final FakeGms GMS = new FakeGms();

	/** The tests' now: the pushes close days as of it, whenever midnight passes while the class runs. */
	static final Instant NOW = Instant.now();

	static final LocalDate YESTERDAY = LocalDate.ofInstant(NOW, ZoneOffset.UTC).minusDays(1);

	static final LocalDate BEFORE = YESTERDAY.minusDays(1);

	/** The fields of DataHub's DatasetUsageStatistics (TimeseriesAspectBase included). */
	static final Set<String> ASPECT_FIELDS = Set.of("timestampMillis", "eventGranularity", "partitionSpec", "messageId",
			"uniqueUserCount", "totalSqlQueries", "topSqlQueries", "userCounts", "fieldCounts");

	static final JsonMapper JSON = JsonMapper.builder().build();

	@DynamicPropertySource
	static void gms(DynamicPropertyRegistry properties) {
		properties.add("lakegov.datahub.gms-url", GMS::url);
	}

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	UsagePusher pusher;

	@Autowired
	JdbcClient jdbc;

	RestClient api;

	@Autowired
	DailyUsage dailyUsage;

	@Autowired
	DataHubProperties properties;

	@BeforeAll
	void ingest() {
		api = TestApi.withKey(port);
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		jdbc.sql("TRUNCATE lakehouse.tables, lakehouse.columns").update();
		table("main", "sales", "orders", "id", "customer_id", "amount", "status");
		table("main", "sales", "customers", "id", "name", "region");
		catalog.sync();
		SourceRows rows = new SourceRows(jdbc);
		Instant before = BEFORE.atTime(9, 0).toInstant(ZoneOffset.UTC);
		Instant yesterday = YESTERDAY.atTime(9, 0).toInstant(ZoneOffset.UTC);
		rows.row("d1").text("SELECT o.amount, c.name FROM main.sales.orders o JOIN main.sales.customers c "
				+ "ON o.customer_id = c.id WHERE o.status = 'open'").user("ann@corp.example").started(before).save();
		rows.row("d2").text("SELECT amount FROM main.sales.orders WHERE id = 4242").user("bob@corp.example")
			.started(before.plusSeconds(60)).save();
		rows.row("d3").text("SELECT amount FROM main.sales.orders WHERE id = 4343").user("bob@corp.example")
			.started(before.plusSeconds(120)).save();
		rows.row("d4").text("INSERT INTO main.sales.orders SELECT * FROM other.staging.orders_raw WHERE batch = 'b-7'")
			.user("etl-nightly-sp").started(before.plusSeconds(180)).save();
		rows.row("d5").text("SELECT * FROM system.information_schema.tables WHERE table_name = 'orders'")
			.user("ann@corp.example").started(before.plusSeconds(240)).save();
		rows.row("d6").text("SELECT * FROM main.information_schema.columns").user("ann@corp.example")
			.started(before.plusSeconds(300)).save();
		rows.row("d7").text("SELECT * FROM orders_somewhere").user("ann@corp.example").started(before.plusSeconds(360)).save();
		rows.row("d8").text("SELECT * FROM main.sales.`odd(1),x`").user("ann@corp.example").started(before.plusSeconds(420))
			.save();
		rows.row("e1").text("SELECT amount FROM main.sales.orders WHERE status = 'late'").user("ann@corp.example")
			.started(yesterday).save();
		rows.row("e2").text("SELECT name FROM main.sales.customers WHERE region = 'EU'").user("carol@corp.example")
			.started(yesterday.plusSeconds(60)).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	@BeforeEach
	void freshPushes() {
		jdbc.sql("DELETE FROM datahub_usage_push").update();
		GMS.clear();
		GMS.up();
	}

	@AfterAll
	void stopGms() {
		GMS.close();
	}

	@Test
	void writesAFileOfUsageProposalsDataHubsFileSourceReads() {
		ResponseEntity<String> response = api.get()
			.uri("/api/v1/datahub/usage?from=" + BEFORE + "&to=" + YESTERDAY)
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(response.getHeaders().getContentType().toString()).startsWith("application/json");
		JsonNode file = JSON.readTree(response.getBody());
		assertThat(file.isArray()).as("the file source reads a JSON array").isTrue();

		Map<String, JsonNode> byKey = new HashMap<>();
		for (JsonNode proposal : file) {
			assertThat(names(proposal)).containsExactlyInAnyOrder("entityType", "entityUrn", "changeType", "aspectName",
					"aspect");
			assertThat(proposal.get("entityType").asString()).isEqualTo("dataset");
			assertThat(proposal.get("changeType").asString()).isEqualTo("UPSERT");
			assertThat(proposal.get("aspectName").asString()).isEqualTo("datasetUsageStatistics");
			assertThat(names(proposal.get("aspect"))).containsExactly("json");
			JsonNode aspect = proposal.get("aspect").get("json");
			assertDataHubShape(aspect);
			String day = Instant.ofEpochMilli(aspect.get("timestampMillis").asLong()).atZone(ZoneOffset.UTC).toLocalDate()
				.toString();
			assertThat(byKey.put(day + "|" + proposal.get("entityUrn").asString(), aspect)).isNull();
		}
		String orders = "urn:li:dataset:(urn:li:dataPlatform:databricks,eu_ws.main.sales.orders,PROD)";
		String customers = "urn:li:dataset:(urn:li:dataPlatform:databricks,eu_ws.main.sales.customers,PROD)";
		String odd = "urn:li:dataset:(urn:li:dataPlatform:databricks,eu_ws.main.sales.odd%281%29%2Cx,PROD)";
		String raw = "urn:li:dataset:(urn:li:dataPlatform:databricks,other.staging.orders_raw,PROD)";
		assertThat(byKey.keySet()).containsExactlyInAnyOrder(BEFORE + "|" + orders, BEFORE + "|" + customers,
				BEFORE + "|" + odd, BEFORE + "|" + raw, YESTERDAY + "|" + orders, YESTERDAY + "|" + customers);

		JsonNode before = byKey.get(BEFORE + "|" + orders);
		assertThat(before.get("timestampMillis").asLong())
			.isEqualTo(BEFORE.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli());
		assertThat(before.get("totalSqlQueries").asInt()).isEqualTo(4);
		assertThat(before.get("uniqueUserCount").asInt()).isEqualTo(3);
		assertThat(counts(before.get("userCounts"), "user", "count")).containsExactlyInAnyOrderEntriesOf(Map.of(
				"urn:li:corpuser:bob@corp.example", 2, "urn:li:corpuser:ann@corp.example", 1,
				"urn:li:corpuser:etl-nightly-sp", 1));
		for (JsonNode user : before.get("userCounts")) {
			String name = user.get("user").asString().substring("urn:li:corpuser:".length());
			assertThat(user.has("userEmail")).as("e-mail of %s", name).isEqualTo(name.contains("@"));
			if (name.contains("@")) {
				assertThat(user.get("userEmail").asString()).isEqualTo(name);
			}
		}
		assertThat(counts(before.get("fieldCounts"), "fieldPath", "count")).containsEntry("amount", 3)
			.containsEntry("status", 1)
			.containsEntry("customer_id", 1);
		assertThat(counts(byKey.get(YESTERDAY + "|" + customers).get("fieldCounts"), "fieldPath", "count"))
			.containsExactlyInAnyOrderEntriesOf(Map.of("name", 1, "region", 1));

		// the texts are the stored redacted ones: no literal of any statement is in the file
		Set<String> redacted = new HashSet<>(jdbc.sql("SELECT redacted_sql FROM statement_analysis WHERE redacted_sql IS NOT NULL")
			.query(String.class)
			.list());
		int texts = 0;
		for (JsonNode aspect : byKey.values()) {
			for (JsonNode text : aspect.get("topSqlQueries")) {
				assertThat(redacted).contains(text.asString());
				texts++;
			}
		}
		assertThat(texts).isGreaterThanOrEqualTo(6);
		assertThat(response.getBody()).doesNotContain("4242", "4343", "'open'", "'late'", "'EU'", "b-7");

		// the counts are the feed's, which are the store's
		JsonNode feed = api.get().uri("/api/v1/usage/daily?from=" + BEFORE + "&to=" + YESTERDAY).retrieve()
			.body(JsonNode.class);
		for (JsonNode entry : feed.get("items")) {
			String table = entry.get("table").asString();
			JsonNode aspect = byKey.get(entry.get("date").asString() + "|" + urn(table));
			if (table.startsWith("system.") || table.contains(".information_schema.") || table.indexOf('.') == table.lastIndexOf('.')) {
				assertThat(aspect).as("%s has no dataset in DataHub", table).isNull();
				continue;
			}
			assertThat(aspect).as("proposal of %s", table).isNotNull();
			assertThat(aspect.get("totalSqlQueries").asLong()).isEqualTo(entry.get("statements").asLong());
			assertThat(aspect.get("uniqueUserCount").asLong()).isEqualTo(entry.get("users").asLong());
			assertThat(aspect.get("fieldCounts").size()).isEqualTo(entry.get("columns").size());
		}
		assertThat(feed.get("items").size()).as("the feed has the tables DataHub has no dataset for").isGreaterThan(byKey.size());
	}

	@Test
	void refusesAWindowBeyondAYear() {
		ResponseEntity<JsonNode> response = api.get()
			.uri("/api/v1/datahub/usage?from=2020-01-01&to=2021-06-01")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getBody().get("detail").asString()).contains("366 days");
	}

	@Test
	void pushesEachClosedDayToGmsOnce() {
		int expected = proposals(YESTERDAY.minusDays(3), YESTERDAY).size();
		assertThat(pusher.pushDue(NOW)).isEqualTo(4);
		assertThat(GMS.all()).allMatch(request -> request.answered() == 200);
		assertThat(GMS.accepted()).hasSize(expected);
		assertThat(keys(GMS.accepted())).hasSize(expected);
		for (FakeGms.Received request : GMS.accepted()) {
			assertDataHubShape(request.aspect());
			assertThat(request.proposal().get("aspectName").asString()).isEqualTo("datasetUsageStatistics");
		}

		assertThat(pusher.pushDue(NOW)).isZero();
		assertThat(GMS.all()).hasSize(expected);
		JsonNode status = api.get().uri("/api/v1/datahub/status").retrieve().body(JsonNode.class);
		assertThat(status.get("pushing").asBoolean()).isTrue();
		assertThat(status.get("lastPushedDay").asString()).isEqualTo(YESTERDAY.toString());
		assertThat(status.get("pendingDays").asLong()).isZero();
		assertThat(status.get("proposalsPushed").asLong()).isEqualTo(expected);
		assertThat(status.get("gms").asString()).isEqualTo(GMS.url());
	}

	@Test
	void resumesAfterGmsWasDownWithoutPushingAnythingTwice() {
		int expected = proposals(YESTERDAY.minusDays(3), YESTERDAY).size();
		GMS.acceptOnly(2);
		assertThat(pusher.pushDue(NOW)).as("the empty days before the first with usage").isEqualTo(2);
		assertThat(GMS.accepted()).hasSize(2);
		// the proposal after them was tried twice (lakegov.datahub.attempts), the day's next ones once each to
		// tell a proposal GMS cannot store from a GMS that is down, then the day was put back
		int dayBefore = proposals(BEFORE, BEFORE).size();
		assertThat(GMS.all()).hasSize(2 + 2 + Math.min(UsagePusher.PROBES, dayBefore - 3));
		JsonNode status = api.get().uri("/api/v1/datahub/status").retrieve().body(JsonNode.class);
		assertThat(status.get("failingDay").asString()).isEqualTo(BEFORE.toString());
		assertThat(status.get("lastError").asString()).contains("503");
		assertThat(status.get("pendingDays").asLong()).isEqualTo(2);

		GMS.up();
		// the day is due again after its backoff; the test does not wait for it
		jdbc.sql("UPDATE datahub_usage_push SET next_attempt_at = now() WHERE status = 'PENDING'").update();
		assertThat(pusher.pushDue(NOW)).isEqualTo(2);
		assertThat(GMS.accepted()).hasSize(expected);
		assertThat(keys(GMS.accepted())).as("each (dataset, day) accepted once").hasSize(expected);
		assertThat(api.get().uri("/api/v1/datahub/status").retrieve().body(JsonNode.class).get("failingDay").isNull())
			.isTrue();
	}

	@Test
	void proposalsGmsKeepsFailingWhileItTakesOthersAreGivenUpAndHoldUpTheirDayNoLonger() {
		int expected = proposals(YESTERDAY.minusDays(3), YESTERDAY).size();
		// two in a row on the day before: customers, then `odd(1),x`
		GMS.failAlways("main.sales.customers", "odd");

		pushRounds(20);

		assertThat(pendingDays()).isZero();
		List<FakeGms.Received> customers = GMS.all()
			.stream()
			.filter(request -> request.urn().equals(urn("main.sales.customers")))
			.toList();
		assertThat(customers).allMatch(request -> request.answered() == 500);
		// both days that read it tried it in give-up-after rounds, each with its attempts, before giving it up
		assertThat(customers).hasSize(2 * properties.giveUpAfter() * properties.attempts());
		// each failing round's proposal after them was taken, and taken again when the day resumed
		assertThat(GMS.accepted()).hasSize(expected - 3 + 2 * (properties.giveUpAfter() - 1));
		assertThat(keys(GMS.accepted())).hasSize(expected - 3);
		assertThat(jdbc.sql("SELECT sum(given_up) FROM datahub_usage_push").query(Integer.class).single()).isEqualTo(3);
	}

	@Test
	void aGmsThatIsDownGivesNothingUp() {
		int expected = proposals(YESTERDAY.minusDays(3), YESTERDAY).size();
		GMS.acceptOnly(0);

		pushRounds(properties.giveUpAfter() + 2);
		assertThat(jdbc.sql("SELECT max(stuck_rounds) FROM datahub_usage_push").query(Integer.class).single())
			.as("rounds in which GMS took nothing").isZero();
		GMS.up();
		pushRounds(5);

		assertThat(pendingDays()).isZero();
		assertThat(GMS.accepted()).hasSize(expected);
		assertThat(jdbc.sql("SELECT sum(given_up) FROM datahub_usage_push").query(Integer.class).single()).isZero();
	}

	/** Pushes up to {@code rounds} times, each day due again at once, until no day waits. */
	private void pushRounds(int rounds) {
		for (int round = 0; round < rounds; round++) {
			pusher.pushDue(NOW);
			if (pendingDays() == 0) {
				return;
			}
			jdbc.sql("UPDATE datahub_usage_push SET next_attempt_at = now() WHERE status = 'PENDING'").update();
		}
	}

	private long pendingDays() {
		return jdbc.sql("SELECT count(*) FROM datahub_usage_push WHERE status = 'PENDING'").query(Long.class).single();
	}

	@Test
	void daysThatClosedWhileNothingPushedArePushedFromTheLatestKnownDayOn() {
		// the push last ran ten days ago (every replica down, or the push off): more than push-days closed since
		jdbc.sql("""
				INSERT INTO datahub_usage_push (business_date, status, next_attempt_at, pushed_at)
				VALUES (:day, 'PUSHED', now(), now())""")
			.param("day", YESTERDAY.minusDays(10))
			.update();
		assertThat(pusher.pushDue(NOW)).isEqualTo(10);
		assertThat(jdbc.sql("SELECT business_date FROM datahub_usage_push WHERE status = 'PUSHED' ORDER BY 1")
			.query(LocalDate.class)
			.list()).hasSize(11).startsWith(YESTERDAY.minusDays(10)).endsWith(YESTERDAY);
	}

	@Test
	void aPushedDayWhoseUsageChangedIsPushedAgainWhole() {
		assertThat(pusher.pushDue(NOW)).isEqualTo(4);
		int dayBefore = GMS.accepted(BEFORE).size();
		int yesterday = GMS.accepted(YESTERDAY).size();
		assertThat(yesterday).isPositive();
		assertThat(pusher.pushDue(NOW)).as("nothing changed").isZero();

		// a statement of yesterday that arrived late (rebuilt into the rollups as a catch-up does)
		jdbc.sql("UPDATE table_daily SET reads = reads + 1, users = users + 1 WHERE business_date = :day")
			.param("day", YESTERDAY)
			.update();
		try {
			assertThat(pusher.pushDue(NOW)).isEqualTo(1);
			assertThat(GMS.accepted(YESTERDAY)).hasSize(2 * yesterday);
			assertThat(GMS.accepted(BEFORE)).hasSize(dayBefore);
			assertThat(pusher.pushDue(NOW)).isZero();
		}
		finally {
			jdbc.sql("UPDATE table_daily SET reads = reads - 1, users = users - 1 WHERE business_date = :day")
				.param("day", YESTERDAY)
				.update();
		}
	}

	@Test
	void aPushedDayWhoseColumnReadsAloneChangedIsPushedAgain() {
		assertThat(pusher.pushDue(NOW)).isEqualTo(4);
		int yesterday = GMS.accepted(YESTERDAY).size();
		String column = "SELECT column_name FROM column_daily WHERE business_date = :day AND role = 'READ' "
				+ "AND resolution = 'RESOLVED' AND table_name = 'main.sales.customers'";
		assertThat(jdbc.sql(column).param("day", YESTERDAY).query(String.class).list())
			.containsExactlyInAnyOrder("name", "region");

		// columns resolved again after an inventory change: the tables' figures stay as they were
		jdbc.sql("UPDATE column_daily SET column_name = 'id' WHERE business_date = :day AND column_name = 'name' "
				+ "AND table_name = 'main.sales.customers'")
			.param("day", YESTERDAY)
			.update();
		try {
			assertThat(pusher.pushDue(NOW)).isEqualTo(1);
			assertThat(GMS.accepted(YESTERDAY)).hasSize(2 * yesterday);
			assertThat(GMS.accepted(YESTERDAY).subList(yesterday, 2 * yesterday))
				.filteredOn(received -> received.urn().contains("main.sales.customers"))
				.singleElement()
				.satisfies(received -> assertThat(received.aspect().get("fieldCounts").toString())
					.contains("\"fieldPath\":\"id\"")
					.doesNotContain("\"fieldPath\":\"name\""));
			assertThat(pusher.pushDue(NOW)).isZero();
		}
		finally {
			jdbc.sql("UPDATE column_daily SET column_name = 'name' WHERE business_date = :day AND column_name = 'id' "
					+ "AND table_name = 'main.sales.customers'")
				.param("day", YESTERDAY)
				.update();
		}
	}

	@Test
	void aWindowIsMeasuredBeforeItsFileIsWritten() {
		DateRange window = new DateRange(BEFORE, YESTERDAY);
		long pairs = jdbc.sql("SELECT count(*) FROM table_daily WHERE business_date BETWEEN :from AND :to")
			.param("from", BEFORE)
			.param("to", YESTERDAY)
			.query(Long.class)
			.single();
		assertThat(pairs).isGreaterThan(1);
		assertThat(dailyUsage.exceeds(window, pairs - 1)).isTrue();
		assertThat(dailyUsage.exceeds(window, pairs)).isFalse();
	}

	/** The aspect has only fields DataHub's DatasetUsageStatistics has, each of its type. */
	private static void assertDataHubShape(JsonNode aspect) {
		assertThat(ASPECT_FIELDS).containsAll(names(aspect));
		assertThat(aspect.get("timestampMillis").isIntegralNumber()).isTrue();
		assertThat(names(aspect.get("eventGranularity"))).containsExactlyInAnyOrder("unit", "multiple");
		assertThat(aspect.get("eventGranularity").get("unit").asString()).isEqualTo("DAY");
		assertThat(aspect.get("eventGranularity").get("multiple").asInt()).isEqualTo(1);
		assertThat(aspect.get("partitionSpec").get("type").asString()).isEqualTo("FULL_TABLE");
		assertThat(aspect.get("uniqueUserCount").isInt()).isTrue();
		assertThat(aspect.get("totalSqlQueries").isInt()).isTrue();
		aspect.get("topSqlQueries").forEach(text -> assertThat(text.isString()).isTrue());
		for (JsonNode user : aspect.get("userCounts")) {
			assertThat(Set.of("user", "count", "userEmail")).containsAll(names(user));
			assertThat(user.get("user").asString()).startsWith("urn:li:corpuser:");
			assertThat(user.get("count").isInt()).isTrue();
		}
		for (JsonNode field : aspect.get("fieldCounts")) {
			assertThat(names(field)).containsExactlyInAnyOrder("fieldPath", "count");
			assertThat(field.get("count").isInt()).isTrue();
		}
	}

	private List<JsonNode> proposals(LocalDate from, LocalDate to) {
		JsonNode file = JSON.readTree(api.get().uri("/api/v1/datahub/usage?from=" + from + "&to=" + to).retrieve()
			.body(String.class));
		List<JsonNode> all = new ArrayList<>();
		file.forEach(all::add);
		return all;
	}

	private static Set<String> keys(List<FakeGms.Received> requests) {
		Set<String> keys = new HashSet<>();
		requests.forEach(request -> keys.add(request.urn() + "|" + request.timestamp()));
		return keys;
	}

	private static String urn(String table) {
		String instance = table.startsWith("main.") ? "eu_ws." : "";
		return "urn:li:dataset:(urn:li:dataPlatform:databricks," + DatasetUrns.encoded(instance + table) + ",PROD)";
	}

	private static Map<String, Integer> counts(JsonNode items, String key, String count) {
		Map<String, Integer> counts = new HashMap<>();
		items.forEach(item -> counts.put(item.get(key).asString(), item.get(count).asInt()));
		return counts;
	}

	private static Set<String> names(JsonNode node) {
		Set<String> names = new HashSet<>();
		node.propertyNames().forEach(names::add);
		return names;
	}

	private void table(String catalog, String schema, String name, String... columns) {
		jdbc.sql("INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name) VALUES (:c, :s, :n)")
			.param("c", catalog)
			.param("s", schema)
			.param("n", name)
			.update();
		for (int i = 0; i < columns.length; i++) {
			jdbc.sql("""
					INSERT INTO lakehouse.columns (table_catalog, table_schema, table_name, column_name, ordinal_position)
					VALUES (:c, :s, :n, :col, :p)""")
				.param("c", catalog)
				.param("s", schema)
				.param("n", name)
				.param("col", columns[i])
				.param("p", i + 1)
				.update();
		}
	}

}
