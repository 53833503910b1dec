package io.lakegov.watch;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.usage.UsageFixtures;
import io.lakegov.watch.detect.ActiveWatches;
import io.lakegov.watch.detect.HealthFlips;
import io.lakegov.watch.detect.Redetector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Which events ingestion, catalog syncs and the ingestion health raise, and how often. */
@IntegrationTest
class WatchDetectionIntegrationTests {

	static final JsonMapper JSON = JsonMapper.builder().build();

	static final String NOWHERE = "http://127.0.0.1:9/hook";

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	@Autowired
	ActiveWatches active;

	@Autowired
	CatalogSync catalog;

	@Autowired
	HealthFlips health;

	@Autowired
	Redetector redetector;

	SourceRows source;

	Instant now;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		source = new SourceRows(jdbc);
		// reads minutes apart on one day must not straddle midnight, whenever the test runs: noon, today's once
		// it has passed
		now = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(12, ChronoUnit.HOURS);
		if (now.isAfter(Instant.now().minusSeconds(120))) {
			now = now.minus(1, ChronoUnit.DAYS);
		}
	}

	@Test
	void aDeprecatedTableReadAfterItsMarkRaisesOneEventPerReaderAndDay() {
		String c = UsageFixtures.unique("wdep");
		String old = c + ".sales.orders_old";
		long watch = watch(List.of(c + ".sales.*"), List.of("DEPRECATED_READ"), 10);
		var put = WatchFixtures.operator(port).put().uri("/api/v1/tables/" + old + "/deprecation")
			.body(Map.of("plannedDate", "2027-03-31", "note", "use orders")).retrieve().toBodilessEntity();
		assertThat(put.getStatusCode().value()).isEqualTo(200);
		jdbc.sql("UPDATE table_deprecation SET marked_at = :at").param("at", Timestamp.from(daysAgo(3))).update();
		active.changed();

		read("carl", old, daysAgo(4));
		read("ann", old, daysAgo(2));
		read("ann", old, daysAgo(2).plusSeconds(60));
		read("bob", old, daysAgo(2).plusSeconds(120));
		read("ann", old, daysAgo(1));
		read("ann", c + ".sales.orders", daysAgo(1).plusSeconds(10));
		ingest();
		read("ann", old, daysAgo(1).plusSeconds(600));
		read("bob", old, now.minusSeconds(60));
		ingest();

		List<String> events = WatchFixtures.events(jdbc, watch);
		assertThat(events).containsExactlyInAnyOrder(
				"DEPRECATED_READ|DEPRECATED_READ|" + old + "|ann|" + day(daysAgo(2)) + "|PENDING",
				"DEPRECATED_READ|DEPRECATED_READ|" + old + "|bob|" + day(daysAgo(2)) + "|PENDING",
				"DEPRECATED_READ|DEPRECATED_READ|" + old + "|ann|" + day(daysAgo(1)) + "|PENDING",
				"DEPRECATED_READ|DEPRECATED_READ|" + old + "|bob|" + day(now) + "|PENDING");
		JsonNode payload = payload(watch, "ann|" + day(daysAgo(2)));
		assertThat(payload.get("plannedDate").asString()).isEqualTo("2027-03-31");
		assertThat(payload.get("note").asString()).isEqualTo("use orders");
		assertThat(payload.get("at").asString()).isEqualTo(daysAgo(2).toString());
	}

	@Test
	void aReaderThroughAViewIsANewReaderOfTheBaseTableWithItsPath() {
		String c = UsageFixtures.unique("wview");
		String orders = c + ".sales.orders";
		String enriched = c + ".gold.orders_enriched";
		String byRegion = c + ".gold.revenue_by_region";
		long watch = watch(List.of(orders), List.of("NEW_READER"), 1);
		source.row(c + "-1").user("dev").started(daysAgo(0).minusSeconds(900))
			.text("CREATE VIEW " + enriched + " AS SELECT id, amount, region FROM " + orders).save();
		source.row(c + "-2").user("dev").started(daysAgo(0).minusSeconds(800))
			.text("CREATE VIEW " + byRegion + " AS SELECT region, sum(amount) AS revenue FROM " + enriched
					+ " GROUP BY region").save();
		source.row(c + "-3").user("erin").started(daysAgo(0).minusSeconds(700)).text("SELECT * FROM " + byRegion).save();
		ingest();

		assertThat(WatchFixtures.events(jdbc, watch)).containsExactlyInAnyOrder(
				"NEW_READER|NEW_READER|" + orders + "|dev|" + day(now) + "|PENDING",
				"NEW_READER|NEW_READER|" + orders + "|erin|" + day(now) + "|PENDING");
		JsonNode erin = payload(watch, "erin|");
		assertThat(erin.get("access").asString()).isEqualTo("VIA");
		assertThat(erin.get("path").asString()).isEqualTo(orders + " ← " + enriched + " ← " + byRegion + " ← erin");
		assertThat(erin.get("views").valueStream().map(JsonNode::asString).toList()).containsExactly(enriched, byRegion);
		assertThat(payload(watch, "dev|").get("access").asString()).isEqualTo("DIRECT");

		source.row(c + "-4").user("erin").started(now.minusSeconds(600)).text("SELECT * FROM " + orders).save();
		ingest();
		assertThat(WatchFixtures.events(jdbc, watch)).as("erin read it through the views before").hasSize(2);
	}

	@Test
	void aReaderIsNewAgainOnlyAfterTheWindowAndAWriterIsNewOnce() {
		String c = UsageFixtures.unique("wnew");
		String table = c + ".s.t";
		read("ann", table, daysAgo(30));
		read("bob", table, daysAgo(100));
		ingest();
		long watch = watch(List.of("*.s.t"), List.of("NEW_READER", "NEW_WRITER"), 1);
		read("ann", table, now.minusSeconds(600));
		read("bob", table, now.minusSeconds(590));
		source.row(UsageFixtures.unique("st")).user("etl").started(now.minusSeconds(580))
			.text("INSERT INTO " + table + " SELECT * FROM " + c + ".s.raw").save();
		source.row(UsageFixtures.unique("st")).user("etl").started(now.minusSeconds(570))
			.text("INSERT INTO " + table + " SELECT * FROM " + c + ".s.raw").save();
		ingest();
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactlyInAnyOrder(
				"NEW_READER|NEW_READER|" + table + "|bob|" + day(now) + "|PENDING",
				"NEW_WRITER|NEW_WRITER|" + table + "|etl|" + day(now) + "|PENDING");
	}

	@Test
	void aFirstReadThatArrivesAfterALaterOneRaisesNoSecondNewReader() {
		String c = UsageFixtures.unique("wlate");
		String table = c + ".s.t";
		long watch = watch(List.of(c + ".s.*"), List.of("NEW_READER"), 3);
		read("ann", table, now.minusSeconds(600));
		ingest();
		// a long statement of ann's from the day before reaches the history only now, with one of bob's
		source.row(UsageFixtures.unique("st")).user("ann").started(daysAgo(1)).updated(now.minusSeconds(300))
			.text("SELECT * FROM " + table).save();
		source.row(UsageFixtures.unique("st")).user("bob").started(daysAgo(1)).updated(now.minusSeconds(300))
			.text("SELECT * FROM " + table).save();
		ingest();
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactlyInAnyOrder(
				"NEW_READER|NEW_READER|" + table + "|ann|" + day(now) + "|PENDING",
				"NEW_READER|NEW_READER|" + table + "|bob|" + day(daysAgo(1)) + "|PENDING");
	}

	@Test
	void aWatchedTableThatLeavesTheInventoryWhileStillReadRaisesSchemaDropped() {
		String c = UsageFixtures.unique("wdrop");
		long watch = readTablesWatchedForDrops(c, "read", "unread");

		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c").param("c", c).update();
		catalog.sync();

		List<String> events = WatchFixtures.events(jdbc, watch);
		assertThat(events).singleElement().asString().startsWith("SCHEMA_DROPPED|SCHEMA_DROPPED|" + c + ".s.read|");
		JsonNode payload = payload(watch, c + ".s.read|");
		assertThat(payload.get("readers").asInt()).isEqualTo(1);
		assertThat(payload.get("lastRead").asString()).isEqualTo(daysAgo(5).toString());
		assertThat(payload.get("throughViews")).as("read directly only").isEmpty();
	}

	@Test
	void aWatchedTableReadOnlyThroughAViewRaisesSchemaDroppedWithTheViewsReaders() {
		String c = UsageFixtures.unique("wdropv");
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
				VALUES (:c, 's', 'base', 'MANAGED', :at, :at), (:c, 's', 'base_v', 'VIEW', :at, :at)""")
			.param("c", c)
			.param("at", Timestamp.from(daysAgo(10)))
			.update();
		jdbc.sql("INSERT INTO lakehouse.views VALUES (:c, 's', 'base_v', 'SELECT * FROM s.base WHERE amount > 0')")
			.param("c", c)
			.update();
		catalog.sync();
		read("erin", c + ".s.base_v", daysAgo(3));
		read("finn", c + ".s.base_v", daysAgo(2));
		ingest();
		long watch = watch(List.of(c + ".s.*"), List.of("SCHEMA_DROPPED"), 1);

		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c AND table_name = 'base'").param("c", c).update();
		catalog.sync();

		assertThat(WatchFixtures.events(jdbc, watch)).singleElement().asString()
			.startsWith("SCHEMA_DROPPED|SCHEMA_DROPPED|" + c + ".s.base|");
		JsonNode payload = payload(watch, c + ".s.base|");
		assertThat(payload.get("readers").asInt()).isEqualTo(2);
		assertThat(payload.get("lastRead").asString()).isEqualTo(daysAgo(2).toString());
		assertThat(payload.get("throughViews").valueStream().map(JsonNode::asString).toList())
			.containsExactly(c + ".s.base_v");
	}

	@Test
	void aDropWhoseDetectionFailedRaisesSchemaDroppedLaterWithTheTimeTheSyncFoundIt() {
		String c = UsageFixtures.unique("wdropfail");
		long watch = readTablesWatchedForDrops(c, "read");

		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c").param("c", c).update();
		withoutTheOutbox(catalog::sync);
		assertThat(jdbc.sql("SELECT count(*) FROM table_inventory WHERE table_catalog = :c AND valid_to IS NULL")
			.param("c", c).query(Long.class).single()).isZero();
		assertThat(WatchFixtures.events(jdbc, watch)).isEmpty();
		Instant found = jdbc.sql("SELECT happened_at FROM watch_redetection WHERE kind = 'DROPPED'")
			.query(Timestamp.class).single().toInstant();

		assertThat(redetector.redetectDue()).isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactly(
				"SCHEMA_DROPPED|SCHEMA_DROPPED|" + c + ".s.read|" + found + "|PENDING");
		assertThat(payload(watch, c + ".s.read|").get("readers").asInt()).isEqualTo(1);
	}

	@Test
	void ingestionHealthFlipsAndARiseOfMaskedTextsRaiseOneEventEach() {
		long watch = watch(List.of(), List.of("INGESTION_DOWN", "INGESTION_UP", "MASKED_SHARE"), 1);
		run("SUCCEEDED", 1, 100, 0);
		assertThat(health.check()).as("the first look only records the health").isZero();
		for (int i = 2; i <= 4; i++) {
			run("FAILED", i, 0, 0);
		}
		assertThat(health.check()).isEqualTo(1);
		assertThat(health.check()).isZero();
		run("SUCCEEDED", 5, 100, 60);
		assertThat(health.check()).isEqualTo(2);
		assertThat(WatchFixtures.events(jdbc, watch)).extracting(event -> event.substring(0, event.indexOf('|')))
			.containsExactly("INGESTION_DOWN", "INGESTION_UP", "MASKED_SHARE");
	}

	@Test
	void aFailingDetectionNeverFailsTheBatchAndItsEventsAreRaisedLaterFromTheStoredFacts() {
		String c = UsageFixtures.unique("wfail");
		long watch = watch(List.of(c + ".s.*"), List.of("NEW_READER"), 1);
		withoutTheOutbox(() -> {
			read("ann", c + ".s.t", now.minusSeconds(600));
			ingest();
			// the outbox still cannot take them: the batch waits for a later try, with the reason
			assertThat(redetector.redetectDue()).isZero();
		});
		assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE table_name = :t").param("t", c + ".s.t")
			.query(Long.class).single()).isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).isEmpty();
		assertThat(jdbc.sql("SELECT attempts || '|' || (last_error LIKE '%watch_event%') FROM watch_redetection")
			.query(String.class).list()).containsExactly("1|true");

		read("bob", c + ".s.t", now.minusSeconds(500));
		ingest();
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactly(
				"NEW_READER|NEW_READER|" + c + ".s.t|bob|" + day(now) + "|PENDING");

		jdbc.sql("UPDATE watch_redetection SET next_attempt_at = now()").update();
		assertThat(redetector.redetectDue()).isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactly(
				"NEW_READER|NEW_READER|" + c + ".s.t|bob|" + day(now) + "|PENDING",
				"NEW_READER|NEW_READER|" + c + ".s.t|ann|" + day(now) + "|PENDING");
		assertThat(jdbc.sql("SELECT count(*) FROM watch_redetection").query(Long.class).single()).isZero();
		assertThat(redetector.redetectDue()).isZero();
		assertThat(WatchFixtures.events(jdbc, watch)).hasSize(2);
	}

	@Test
	void watchesThatCannotBeLoadedFailTheEventsNotTheBatch() {
		String c = UsageFixtures.unique("wload");
		long watch = watch(List.of(c + ".s.*"), List.of("NEW_READER"), 1);
		jdbc.sql("ALTER TABLE table_deprecation RENAME TO table_deprecation_away").update();
		try {
			// another replica changed a watch: this one loads them again, and cannot
			active.changed();
			read("ann", c + ".s.t", now.minusSeconds(600));
			ingest();
		}
		finally {
			jdbc.sql("ALTER TABLE table_deprecation_away RENAME TO table_deprecation").update();
		}
		assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE table_name = :t").param("t", c + ".s.t")
			.query(Long.class).single()).as("the batch committed").isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).isEmpty();

		jdbc.sql("UPDATE watch_redetection SET next_attempt_at = now()").update();
		assertThat(redetector.redetectDue()).isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactly(
				"NEW_READER|NEW_READER|" + c + ".s.t|ann|" + day(now) + "|PENDING");
	}

	@Test
	void aWatchAnotherReplicaAddedIsSeenFromWhatTheStoreHoldsWithoutAnythingBumped() throws Exception {
		String c = UsageFixtures.unique("wrepl");
		ingest();
		// added by a replica that died right after its commit: nothing else tells this one
		long watch = jdbc.sql("""
				INSERT INTO watch (name, tables, events, url, format, secret, created_at, created_by)
				VALUES ('added elsewhere', ARRAY[:pattern], ARRAY['NEW_READER'], :url, 'generic', 'sample-secret-0123456789',
				        :created, 'ops')
				RETURNING id""")
			.param("pattern", c + ".s.*")
			.param("url", NOWHERE)
			.param("created", Timestamp.from(now.minus(1, ChronoUnit.DAYS)))
			.query(Long.class)
			.single();
		Thread.sleep(2_100);
		read("ann", c + ".s.t", now.minusSeconds(600));
		ingest();
		assertThat(WatchFixtures.events(jdbc, watch)).containsExactly(
				"NEW_READER|NEW_READER|" + c + ".s.t|ann|" + day(now) + "|PENDING");
	}

	@Test
	void aWaitingBatchWhoseFactsAreGoneRaisesNothingAndStopsWaiting() {
		String c = UsageFixtures.unique("wgone");
		long watch = watch(List.of(c + ".s.*"), List.of("NEW_READER"), 1);
		withoutTheOutbox(() -> {
			read("ann", c + ".s.t", now.minusSeconds(600));
			ingest();
		});
		jdbc.sql("DELETE FROM table_access WHERE table_name = :t").param("t", c + ".s.t").update();

		assertThat(redetector.redetectDue()).isEqualTo(1);
		assertThat(WatchFixtures.events(jdbc, watch)).isEmpty();
		assertThat(jdbc.sql("SELECT count(*) FROM watch_redetection").query(Long.class).single()).isZero();
	}

	/**
	 * Puts the tables of schema {@code c.s} in the inventory ten days ago, has ann read {@code c.s.read} five
	 * days ago, and watches the schema for drops; the watch.
	 */
	private long readTablesWatchedForDrops(String c, String... tables) {
		for (String table : tables) {
			jdbc.sql("""
					INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
					VALUES (:c, 's', :t, 'MANAGED', :at, :at)""")
				.param("c", c)
				.param("t", table)
				.param("at", Timestamp.from(daysAgo(10)))
				.update();
		}
		catalog.sync();
		read("ann", c + ".s.read", daysAgo(5));
		ingest();
		return watch(List.of(c + ".s.*"), List.of("SCHEMA_DROPPED"), 1);
	}

	/** Does the work while the outbox's table is away, so that every detection in it fails. */
	private void withoutTheOutbox(Runnable work) {
		jdbc.sql("ALTER TABLE watch_event RENAME TO watch_event_away").update();
		try {
			work.run();
		}
		finally {
			jdbc.sql("ALTER TABLE watch_event_away RENAME TO watch_event").update();
		}
	}

	private void run(String status, int order, long rowsRead, long rowsMasked) {
		jdbc.sql("""
				INSERT INTO ingestion_run (source, kind, status, window_start, window_end, started_at, heartbeat_at,
				    finished_at, rows_read, rows_masked, node)
				VALUES ('default', 'MANUAL', :status, now() - interval '1 hour', now(), now() + :order * interval '1 second',
				    now(), now(), :rowsRead, :rowsMasked, 'test')""")
			.param("status", status)
			.param("order", order)
			.param("rowsRead", rowsRead)
			.param("rowsMasked", rowsMasked)
			.update();
	}

	private long watch(List<String> tables, List<String> events, int daysBack) {
		return WatchFixtures.watch(port, jdbc, active, now.minus(daysBack, ChronoUnit.DAYS), tables, events, NOWHERE,
				"generic").get("id").asLong();
	}

	private JsonNode payload(long watch, String keyPart) {
		String payload = jdbc.sql("SELECT payload::text FROM watch_event WHERE watch_id = :w AND event_key LIKE :k")
			.param("w", watch)
			.param("k", "%" + keyPart + "%")
			.query(String.class)
			.single();
		return JSON.readTree(payload);
	}

	private Instant daysAgo(int days) {
		return now.minus(days, ChronoUnit.DAYS);
	}

	private static String day(Instant at) {
		return at.atZone(ZoneOffset.UTC).toLocalDate().toString();
	}

	private void read(String user, String table, Instant at) {
		source.row(UsageFixtures.unique("st")).user(user).started(at).text("SELECT * FROM " + table).save();
	}

	private void ingest() {
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

}
