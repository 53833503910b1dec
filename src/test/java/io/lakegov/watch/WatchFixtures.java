package io.lakegov.watch;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.watch.detect.ActiveWatches;
import tools.jackson.databind.JsonNode;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Watches for integration tests, created through the API as an operator. */
final class WatchFixtures {

	private WatchFixtures() {
	}

	static RestClient operator(int port) {
		return TestApi.withKey(port, IntegrationTest.OPERATOR_KEY);
	}

	/** Creates the watch and dates its creation back to {@code since}, so that it hears of earlier accesses. */
	static JsonNode watch(int port, JdbcClient jdbc, ActiveWatches active, Instant since, List<String> tables,
			List<String> events, String url, String format) {
		var response = operator(port).post()
			.uri("/api/v1/watches")
			.body(Map.of("name", "watch of " + tables, "tables", tables, "events", events, "webhook",
					Map.of("url", url, "format", format)))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
		JsonNode watch = response.getBody();
		jdbc.sql("UPDATE watch SET created_at = :since WHERE id = :id")
			.param("since", Timestamp.from(since))
			.param("id", watch.get("id").asLong())
			.update();
		active.changed();
		return watch;
	}

	/** The stored events of a watch, as {@code type|key|status}, oldest first. */
	static List<String> events(JdbcClient jdbc, long watch) {
		return jdbc.sql("SELECT type || '|' || event_key || '|' || status FROM watch_event WHERE watch_id = :w ORDER BY id")
			.param("w", watch)
			.query(String.class)
			.list();
	}

}
