package io.lakegov.watch;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFixtures;
import io.lakegov.watch.detect.ActiveWatches;
import io.lakegov.watch.outbox.OutboxSender;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Watch events from ingestion to a real receiver: through failures, over a sender that died holding an
 * event, with two senders at once, and past the time retries stop.
 */
@IntegrationTest
class WatchDeliveryIntegrationTests {

	static final JsonMapper JSON = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	@Autowired
	OutboxSender sender;

	@Autowired
	ActiveWatches active;

	@Autowired
	MeterRegistry registry;

	SourceRows source;

	Instant now;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		source = new SourceRows(jdbc);
		now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
	}

	@Test
	void eachEventArrivesOnceAfterTheReceiverRecoversWithAValidSignature() throws Exception {
		String c = UsageFixtures.unique("wd");
		try (var receiver = WebhookReceiver.failingFirst(3)) {
			JsonNode watch = watch(c + ".sales.*", "NEW_READER", receiver, "generic");
			String secret = watch.get("secret").asString();
			read("ann", c + ".sales.orders", now.minusSeconds(600));
			read("bob", c + ".sales.orders", now.minusSeconds(540));
			read("ann", c + ".sales.orders", now.minusSeconds(480));
			read("ann", c + ".finance.ledger", now.minusSeconds(470));
			ingest();

			deliverUntil(() -> receiver.accepted().size() == 2 && pending() == 0);

			assertThat(receiver.all()).hasSize(5);
			Set<String> ids = new HashSet<>();
			List<String> principals = new ArrayList<>();
			for (var request : receiver.accepted()) {
				ids.add(request.header("X-Lakegov-Event-Id"));
				JsonNode body = JSON.readTree(request.body());
				assertThat(body.get("type").asString()).isEqualTo("NEW_READER");
				assertThat(body.get("table").asString()).isEqualTo(c + ".sales.orders");
				assertThat(body.get("access").asString()).isEqualTo("DIRECT");
				principals.add(body.get("principal").asString());
				String timestamp = request.header("X-Lakegov-Timestamp");
				assertThat(request.header("X-Lakegov-Signature")).isEqualTo("v1=" + hmac(secret, timestamp + "." + request.body()));
			}
			assertThat(ids).hasSize(2);
			assertThat(principals).containsExactlyInAnyOrder("ann", "bob");

			JsonNode deliveries = TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
				.get()
				.uri("/api/v1/watches/" + watch.get("id").asLong() + "/deliveries?size=2")
				.retrieve()
				.body(JsonNode.class);
			assertThat(deliveries.get("totalItems").asLong()).isEqualTo(5);
			assertThat(deliveries.get("items")).hasSize(2);
			List<String> outcomes = new ArrayList<>();
			for (int page = 0; page < 3; page++) {
				TestApi.withKey(port)
					.get()
					.uri("/api/v1/watches/" + watch.get("id").asLong() + "/deliveries?size=2&page=" + page)
					.retrieve()
					.body(JsonNode.class)
					.get("items")
					.forEach(item -> outcomes.add(item.get("outcome").asString() + " " + item.get("responseCode").asInt()));
			}
			assertThat(outcomes).containsExactlyInAnyOrder("RETRY 500", "RETRY 500", "RETRY 500", "DELIVERED 200",
					"DELIVERED 200");
			assertThat(registry.get("lakegov.watch.deliveries").tag("outcome", "RETRY").counter().count()).isGreaterThanOrEqualTo(3);
			assertThat(registry.get("lakegov.watch.events").tag("type", "NEW_READER").counter().count()).isGreaterThanOrEqualTo(2);
			assertThat(registry.get("lakegov.watch.outbox.age").gauge().value()).isZero();

			read("ann", c + ".sales.orders", now.minusSeconds(300));
			read("cid", c + ".sales.customers", now.minusSeconds(290));
			ingest();
			deliverUntil(() -> pending() == 0);
			assertThat(receiver.accepted()).as("ann read before; cid is new").hasSize(3);
		}
	}

	@Test
	void anEventClaimedByASenderThatDiedIsDeliveredAfterItsLease() {
		String c = UsageFixtures.unique("wl");
		try (var receiver = WebhookReceiver.accepting()) {
			watch(c + ".s.*", "NEW_READER", receiver, "generic");
			read("ann", c + ".s.t", now.minusSeconds(600));
			ingest();
			// a replica claimed the event and died before it posted it
			jdbc.sql("UPDATE watch_event SET attempts = 1, lease_until = now() + interval '1 hour'").update();
			assertThat(sender.sendDue()).isZero();
			assertThat(receiver.all()).isEmpty();

			jdbc.sql("UPDATE watch_event SET lease_until = now() - interval '1 second'").update();
			assertThat(sender.sendDue()).isEqualTo(1);
			assertThat(sender.sendDue()).isZero();
			assertThat(receiver.accepted()).hasSize(1);
			assertThat(jdbc.sql("SELECT attempt || ' ' || outcome FROM watch_attempt").query(String.class).list())
				.containsExactly("2 DELIVERED");
		}
	}

	@Test
	void eventsOfAWatchDeletedWhileTheirBatchRanHoldNoOtherWatchBack() {
		String c = UsageFixtures.unique("wo");
		try (var receiver = WebhookReceiver.accepting()) {
			long gone = watch(c + ".s.*", "NEW_READER", receiver, "generic").get("id").asLong();
			WatchFixtures.operator(port).delete().uri("/api/v1/watches/" + gone).retrieve().toBodilessEntity();
			// a batch that raised these for the watch committed after the watch was deleted on another replica
			for (int i = 0; i < 12; i++) {
				jdbc.sql("""
						INSERT INTO watch_event (watch_id, event_key, type, payload, created_at, next_attempt_at)
						VALUES (:watch, :key, 'NEW_READER', '{}'::jsonb, now() - interval '1 hour', now() - interval '1 hour')""")
					.param("watch", gone)
					.param("key", "stranded|" + i)
					.update();
			}
			watch(c + ".t.*", "NEW_READER", receiver, "generic");
			read("ann", c + ".t.orders", now.minusSeconds(600));
			ingest();

			assertThat(sender.sendDue()).isEqualTo(1);
			assertThat(receiver.accepted()).hasSize(1);
			assertThat(JSON.readTree(receiver.accepted().get(0).body()).get("table").asString()).isEqualTo(c + ".t.orders");
			assertThat(jdbc.sql("SELECT count(*) FROM watch_event WHERE watch_id = :watch").param("watch", gone)
				.query(Long.class).single()).as("removed, not claimed again and again").isZero();

			var sample = WatchFixtures.operator(port).post().uri("/api/v1/watches/" + gone + "/test").retrieve()
				.toEntity(String.class);
			assertThat(sample.getStatusCode().value()).isEqualTo(404);
		}
	}

	@Test
	void twoSendersAtOnceDeliverEachEventOnce() {
		String c = UsageFixtures.unique("w2");
		try (var receiver = WebhookReceiver.accepting()) {
			watch(c + ".s.*", "NEW_READER", receiver, "generic");
			for (int i = 0; i < 60; i++) {
				read("user" + i, c + ".s.t", now.minusSeconds(600 - i));
			}
			ingest();
			assertThat(pending()).isEqualTo(60);

			var one = CompletableFuture.supplyAsync(sender::sendDue);
			var two = CompletableFuture.supplyAsync(sender::sendDue);
			assertThat(one.join() + two.join()).isEqualTo(60);

			List<String> ids = receiver.accepted().stream().map(request -> request.header("X-Lakegov-Event-Id")).toList();
			assertThat(ids).hasSize(60).doesNotHaveDuplicates();
			assertThat(pending()).isZero();
		}
	}

	@Test
	void anEventStillFailingAfterTheRetryPeriodIsFailed() {
		String c = UsageFixtures.unique("wf");
		try (var receiver = WebhookReceiver.failingFirst(Integer.MAX_VALUE)) {
			JsonNode watch = watch(c + ".s.*", "NEW_READER", receiver, "generic");
			read("ann", c + ".s.t", now.minusSeconds(600));
			ingest();
			assertThat(sender.sendDue()).isEqualTo(1);
			jdbc.sql("UPDATE watch_event SET created_at = now() - interval '1 day', next_attempt_at = now()").update();
			assertThat(sender.sendDue()).isEqualTo(1);
			assertThat(WatchFixtures.events(jdbc, watch.get("id").asLong())).singleElement()
				.asString()
				.endsWith("|FAILED");
			assertThat(jdbc.sql("SELECT outcome FROM watch_attempt ORDER BY attempt").query(String.class).list())
				.containsExactly("RETRY", "FAILED");
			assertThat(sender.sendDue()).isZero();
		}
	}

	@Test
	void aReceiverThatKeepsFailingHoldsBackItsOwnWatchOnlyAndItsEventsFailAfterTheRetryPeriod() {
		String c = UsageFixtures.unique("wh");
		try (var dead = WebhookReceiver.failingFirst(Integer.MAX_VALUE); var alive = WebhookReceiver.accepting()) {
			long deadWatch = watch(c + ".a.*", "NEW_READER", dead, "generic").get("id").asLong();
			watch(c + ".b.*", "NEW_READER", alive, "generic");
			for (int i = 0; i < 7; i++) {
				read("user" + i, c + ".a.t", now.minusSeconds(600 - i));
			}
			read("ann", c + ".b.t", now.minusSeconds(500));
			read("bob", c + ".b.t", now.minusSeconds(499));
			ingest();

			assertThat(sender.sendDue()).as("one attempt for the dead receiver, two deliveries").isEqualTo(3);
			assertThat(dead.all()).hasSize(1);
			assertThat(alive.accepted()).hasSize(2);
			assertThat(jdbc.sql("""
					SELECT count(*) FROM watch_event e, watch_event f
					WHERE e.watch_id = :watch AND f.watch_id = :watch AND f.attempts = 1
					  AND e.id <> f.id AND e.attempts = 0 AND e.lease_until IS NULL AND e.status = 'PENDING'
					  AND e.next_attempt_at >= f.next_attempt_at""")
				.param("watch", deadWatch)
				.query(Long.class)
				.single()).as("held back behind the failed event, unclaimed").isEqualTo(6);

			// a day later the receiver still fails: its events are given up, one attempt made, the rest unsent
			jdbc.sql("UPDATE watch_event SET created_at = now() - interval '1 day', next_attempt_at = now() "
					+ "WHERE watch_id = :watch").param("watch", deadWatch).update();
			assertThat(sender.sendDue()).isEqualTo(1);
			assertThat(dead.all()).hasSize(2);
			assertThat(WatchFixtures.events(jdbc, deadWatch)).hasSize(7).allMatch(event -> event.endsWith("|FAILED"));
			assertThat(jdbc.sql("""
					SELECT a.outcome || ' ' || coalesce(a.error LIKE 'Not sent: the receiver kept failing%', false)
					FROM watch_attempt a
					JOIN watch_event e ON e.id = a.event_id WHERE e.watch_id = :watch ORDER BY a.outcome, a.error""")
				.param("watch", deadWatch)
				.query(String.class)
				.list()).containsExactlyInAnyOrder("FAILED false", "FAILED true", "FAILED true", "FAILED true",
						"FAILED true", "FAILED true", "FAILED true", "RETRY false");
			assertThat(registry.get("lakegov.watch.deliveries").tag("outcome", "FAILED").counter().count())
				.isGreaterThanOrEqualTo(7);
			assertThat(sender.sendDue()).isZero();
		}
	}

	@Test
	void aSlackWatchGetsAMessageAndASampleOnRequest() throws Exception {
		String c = UsageFixtures.unique("ws");
		try (var receiver = WebhookReceiver.accepting()) {
			JsonNode watch = watch(c + ".s.*", "NEW_READER", receiver, "slack");
			read("ann@x.io", c + ".s.t", now.minusSeconds(600));
			ingest();
			sender.sendDue();
			assertThat(JSON.readTree(receiver.accepted().get(0).body()).get("text").asString())
				.contains("`ann@x.io` started reading `" + c + ".s.t`");

			JsonNode sample = WatchFixtures.operator(port)
				.post()
				.uri("/api/v1/watches/" + watch.get("id").asLong() + "/test")
				.retrieve()
				.body(JsonNode.class);
			assertThat(sample.get("outcome").asString()).isEqualTo("DELIVERED");
			assertThat(sample.get("responseCode").asInt()).isEqualTo(200);
			assertThat(receiver.accepted()).hasSize(2);
			assertThat(receiver.accepted().get(1).header("X-Lakegov-Event-Type")).isEqualTo("TEST");
		}
	}

	private JsonNode watch(String pattern, String event, WebhookReceiver receiver, String format) {
		return WatchFixtures.watch(port, jdbc, active, now.minus(1, ChronoUnit.HOURS), List.of(pattern), List.of(event),
				receiver.url(), format);
	}

	private void read(String user, String table, Instant at) {
		source.row(UsageFixtures.unique("st")).user(user).started(at).text("SELECT * FROM " + table).save();
	}

	private void ingest() {
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	private long pending() {
		return jdbc.sql("SELECT count(*) FROM watch_event WHERE status = 'PENDING'").query(Long.class).single();
	}

	private void deliverUntil(BooleanSupplier done) throws InterruptedException {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
		while (!done.getAsBoolean()) {
			assertThat(Instant.now()).as("delivered in time").isBefore(deadline);
			sender.sendDue();
			Thread.sleep(50);
		}
	}

	private static String hmac(String secret, String signed) throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
		return HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
	}

}
