package io.lakegov.watch;

import java.util.List;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** The watches' and deprecation marks' API: who may do what, what is refused, what is masked. */
@IntegrationTest
class WatchApiIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Test
	void anOperatorCreatesAWatchWhoseSecretIsShownOnceAndAViewerListsItMasked() {
		var created = create(Map.of("name", "finance readers", "tables", List.of("Main.Finance.*"), "events",
				List.of("NEW_READER", "deprecated_read"), "webhook",
				Map.of("url", "https://203.0.113.10/services/T000/B000/XXXX", "format", "slack")));
		assertThat(created.getStatusCode().value()).isEqualTo(201);
		JsonNode watch = created.getBody();
		long id = watch.get("id").asLong();
		assertThat(created.getHeaders().getLocation()).hasToString("/api/v1/watches/" + id);
		String secret = watch.get("secret").asString();
		assertThat(secret).startsWith("whsec_").hasSizeGreaterThan(40);
		assertThat(watch.get("tables").get(0).asString()).isEqualTo("main.finance.*");
		assertThat(watch.get("webhook").get("url").asString()).isEqualTo("https://203.0.113.10/services/T000/B000/XXXX");
		assertThat(watch.get("createdBy").asString()).isNotBlank();

		JsonNode listed = TestApi.withKey(port, IntegrationTest.VIEWER_KEY).get().uri("/api/v1/watches").retrieve()
			.body(JsonNode.class);
		JsonNode mine = listed.valueStream().filter(item -> item.get("id").asLong() == id).findFirst().orElseThrow();
		assertThat(mine.get("secret").asString()).isEqualTo("******" + secret.substring(secret.length() - 4));
		assertThat(mine.get("webhook").get("url").asString()).isEqualTo("https://203.0.113.10/******");
		assertThat(mine.get("events").valueStream().map(JsonNode::asString).toList())
			.containsExactly("NEW_READER", "DEPRECATED_READ");

		var viewer = TestApi.withKey(port, IntegrationTest.VIEWER_KEY);
		assertThat(viewer.delete().uri("/api/v1/watches/" + id).retrieve().toBodilessEntity().getStatusCode().value())
			.isEqualTo(403);
		assertThat(viewer.post().uri("/api/v1/watches/" + id + "/test").retrieve().toBodilessEntity().getStatusCode()
			.value()).isEqualTo(403);
		var operator = WatchFixtures.operator(port);
		assertThat(operator.delete().uri("/api/v1/watches/" + id).retrieve().toBodilessEntity().getStatusCode().value())
			.isEqualTo(204);
		assertThat(viewer.get().uri("/api/v1/watches/" + id).retrieve().toBodilessEntity().getStatusCode().value())
			.isEqualTo(404);
	}

	@ParameterizedTest
	@ValueSource(strings = { "main.finance", "main..orders", "main.sales.orders.extra", "main.sales.or ders",
			"main.sales.orders;drop", "" })
	void refusesATablePatternThatIsNotCatalogSchemaTable(String pattern) {
		assertProblem(Map.of("name", "bad", "tables", List.of(pattern), "events", List.of("NEW_READER"), "webhook",
				Map.of("url", "https://example.com/hook")), "table pattern");
	}

	@ParameterizedTest
	@ValueSource(strings = { "ftp://example.com/hook", "https://user:pw@example.com/hook", "not a url", "//example.com/x",
			"https://no-such-host.invalid/hook", "https://example.com/hook#part" })
	void refusesAWebhookUrlItWouldNotDeliverTo(String url) {
		assertProblem(Map.of("name", "bad", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"), "webhook",
				Map.of("url", url)), "webhook");
	}

	@Test
	void refusesUnknownEventsAndTableEventsWithoutTables() {
		assertProblem(Map.of("name", "bad", "tables", List.of("main.sales.*"), "events", List.of("EVERYTHING"), "webhook",
				Map.of("url", "https://example.com/hook")), "unknown event");
		assertProblem(Map.of("name", "bad", "tables", List.of(), "events", List.of("NEW_READER"), "webhook",
				Map.of("url", "https://example.com/hook")), "tables must name");
		assertProblem(Map.of("name", "bad", "tables", List.of("main.sales.*"), "events", List.of("INGESTION_DOWN"),
				"webhook", Map.of("url", "https://example.com/hook")), "tables apply only to the events");
		assertProblem(Map.of("name", "bad", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"), "webhook",
				Map.of("url", "https://example.com/hook", "format", "teams")), "generic or slack");
	}

	@Test
	void refusesAFieldItDoesNotKnowAndNamesIt() {
		var response = create(Map.of("name", "typo", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"),
				"webhook", Map.of("url", "https://example.com/hook", "secert", "s3cr3t")));

		assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
		assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
		assertThat(response.getBody().get("detail").asString())
			.isEqualTo("webhook has no field 'secert'; its fields are format, url.");
		assertThat(create(Map.of("name", "typo", "tabels", List.of("main.sales.*"), "events", List.of("NEW_READER"),
				"webhook", Map.of("url", "https://example.com/hook"))).getBody().get("detail").asString())
			.startsWith("The body has no field 'tabels'");
	}

	@Test
	void refusesTheNulCharacterInAnyTextAndNamesTheField() {
		assertProblem(Map.of("name", "fin\u0000ance", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"),
				"webhook", Map.of("url", "https://example.com/hook")), "name must not contain the character U+0000.");
		assertProblem(Map.of("name", "finance", "tables", List.of("main.sales.*"), "events", List.of("NEW_READER"),
				"webhook", Map.of("url", "https://example.com/ho\u0000ok")),
				"webhook.url must not contain the character U+0000.");
		var note = WatchFixtures.operator(port).put()
			.uri("/api/v1/tables/main.sales.orders/deprecation")
			.body(Map.of("plannedDate", "2027-03-31", "note", "gone\u0000"))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(note.getStatusCode().value()).isEqualTo(400);
		assertThat(note.getBody().get("detail").asString()).isEqualTo("note must not contain the character U+0000.");
	}

	@Test
	void refusesAMarkForRemovalThatCouldNeverApply() {
		var operator = WatchFixtures.operator(port);
		var partial = operator.put()
			.uri("/api/v1/tables/" + UsageFixtures.unique("nowhere") + "_orders_old/deprecation")
			.body(Map.of("plannedDate", "2027-03-31"))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(partial.getStatusCode().value()).isEqualTo(400);
		assertThat(partial.getBody().get("detail").asString()).contains("give the full catalog.schema.table name");
		var farOff = operator.put()
			.uri("/api/v1/tables/main.sales.orders_far/deprecation")
			.body(Map.of("plannedDate", "+99999-01-01"))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(farOff.getStatusCode().value()).isEqualTo(400);
		assertThat(farOff.getBody().get("detail").asString())
			.isEqualTo("plannedDate must be a date between 0001-01-01 and 9999-12-31.");
	}

	@Test
	void keepsAtMostAThousandWatches() {
		jdbc.sql("""
				INSERT INTO watch (name, tables, events, url, format, secret, created_at, created_by)
				SELECT 'filler ' || g, ARRAY['main.filler.t'], ARRAY['NEW_READER'], 'http://127.0.0.1:9/hook', 'generic',
				       'filler-secret-0123456789', now(), 'filler'
				FROM generate_series(1, 1000 - (SELECT count(*) FROM watch)) g""").update();
		try {
			var refused = create(Map.of("name", "one more", "events", List.of("INGESTION_DOWN"), "webhook",
					Map.of("url", "http://127.0.0.1:9/hook")));
			assertThat(refused.getStatusCode().value()).isEqualTo(409);
			assertThat(refused.getBody().get("detail").asString()).startsWith("lakegov keeps at most 1000 watches");
		}
		finally {
			jdbc.sql("DELETE FROM watch WHERE created_by = 'filler'").update();
		}
		assertThat(create(Map.of("name", "one more", "events", List.of("INGESTION_DOWN"), "webhook",
				Map.of("url", "http://127.0.0.1:9/hook"))).getStatusCode().value()).isEqualTo(201);
	}

	@Test
	void anIngestionWatchNeedsNoTables() {
		var created = create(Map.of("name", "ingestion", "events", List.of("INGESTION_DOWN", "INGESTION_UP"), "webhook",
				Map.of("url", "http://127.0.0.1:9/hook")));
		assertThat(created.getStatusCode().value()).isEqualTo(201);
		assertThat(created.getBody().get("webhook").get("format").asString()).isEqualTo("generic");
	}

	@Test
	void anOperatorMarksATableForRemovalAndTheImpactReportShowsIt() {
		String table = UsageFixtures.unique("dep") + ".sales.orders_old";
		var operator = WatchFixtures.operator(port);
		var put = operator.put()
			.uri("/api/v1/tables/" + table + "/deprecation")
			.body(Map.of("plannedDate", "2027-03-31", "note", "use orders_v2"))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(put.getStatusCode().value()).isEqualTo(200);
		assertThat(put.getBody().get("plannedDate").asString()).isEqualTo("2027-03-31");

		var viewer = TestApi.withKey(port, IntegrationTest.VIEWER_KEY);
		JsonNode impact = viewer.get().uri("/api/v1/tables/" + table + "/impact").retrieve().body(JsonNode.class);
		assertThat(impact.get("deprecation").get("note").asString()).isEqualTo("use orders_v2");
		assertThat(viewer.put().uri("/api/v1/tables/" + table + "/deprecation").body(Map.of("plannedDate", "2027-03-31"))
			.retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(403);
		var missingDate = operator.put().uri("/api/v1/tables/" + table + "/deprecation").body(Map.of("note", "soon"))
			.retrieve().toEntity(JsonNode.class);
		assertThat(missingDate.getStatusCode().value()).isEqualTo(400);

		String markedAt = put.getBody().get("markedAt").asString();
		JsonNode postponed = operator.put()
			.uri("/api/v1/tables/" + table + "/deprecation")
			.body(Map.of("plannedDate", "2027-06-30", "note", "use orders_v3"))
			.retrieve()
			.body(JsonNode.class);
		assertThat(postponed.get("plannedDate").asString()).isEqualTo("2027-06-30");
		assertThat(postponed.get("note").asString()).isEqualTo("use orders_v3");
		assertThat(postponed.get("markedAt").asString()).as("reads since the first mark still count").isEqualTo(markedAt);
		assertThat(viewer.get().uri("/api/v1/tables/" + table + "/deprecation").retrieve().body(JsonNode.class)
			.get("markedAt").asString()).isEqualTo(markedAt);

		assertThat(operator.delete().uri("/api/v1/tables/" + table + "/deprecation").retrieve().toBodilessEntity()
			.getStatusCode().value()).isEqualTo(204);
		assertThat(viewer.get().uri("/api/v1/tables/" + table + "/deprecation").retrieve().toBodilessEntity()
			.getStatusCode().value()).isEqualTo(404);
		assertThat(viewer.get().uri("/api/v1/tables/" + table + "/impact").retrieve().body(JsonNode.class)
			.get("deprecation").isNull()).isTrue();
	}

	private ResponseEntity<JsonNode> create(Map<String, Object> body) {
		return WatchFixtures.operator(port).post().uri("/api/v1/watches").body(body).retrieve().toEntity(JsonNode.class);
	}

	private void assertProblem(Map<String, Object> body, String detail) {
		var response = create(body);
		assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
		assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
		assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		assertThat(response.getBody().get("detail").asString()).contains(detail);
	}

}
