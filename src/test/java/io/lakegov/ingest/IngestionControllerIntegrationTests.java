package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@IntegrationTest(properties = "lakegov.ingest.batch-size=50")
class IngestionControllerIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	RestClient api;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		api = TestApi.withKey(port);
	}

	@Test
	void startsARunListsItAndReportsStatus() {
		new SourceRows(jdbc).row("api-1").text("SELECT * FROM a.b.c").started(Instant.now().minusSeconds(600)).save();

		ResponseEntity<Map<String, Object>> started = api.post()
			.uri("/api/v1/ingestion/runs")
			.retrieve()
			.toEntity(new ParameterizedTypeReference<>() {
			});
		assertThat(started.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
		Object id = started.getBody().get("id");
		assertThat(started.getHeaders().getLocation()).hasToString("/api/v1/ingestion/runs/" + id);

		await().until(() -> api.get().uri("/api/v1/ingestion/runs/" + id).retrieve().body(String.class)
			.contains("\"status\":\"SUCCEEDED\""));

		String list = api.get().uri("/api/v1/ingestion/runs?page=0&size=10").retrieve().body(String.class);
		assertThat(list).contains("\"totalItems\":1", "\"rowsRead\":1", "\"kind\":\"MANUAL\"");
		String status = api.get().uri("/api/v1/ingestion/status").retrieve().body(String.class);
		assertThat(status).contains("\"watermark\"", "\"lagSeconds\"", "\"lastSuccess\":{", "\"lastFailure\":null",
				"local warehouse");
	}

	@Test
	void answersConflictWithTheRunningRunWhileARunIsInProgress() {
		long running = jdbc.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, node)
				VALUES ('default', 'SCHEDULED', 'RUNNING', now(), now(), 'busy-node') RETURNING id""")
			.query(Long.class)
			.single();
		var response = api.post().uri("/api/v1/ingestion/runs").retrieve().toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("https://lakegov.io/problems/conflict", "\"runId\":" + running,
				"Ingestion run " + running + " of this source is in progress");
		assertThat(api.post().uri("/api/v1/ingestion/reanalysis").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.CONFLICT);
	}

	@Test
	void backfillsAPastWindow() {
		Instant old = Instant.now().minus(90, ChronoUnit.DAYS);
		new SourceRows(jdbc).row("old-1").text("SELECT * FROM a.b.old").started(old).save();
		var response = api.post()
			.uri("/api/v1/ingestion/backfills")
			.contentType(MediaType.APPLICATION_JSON)
			.body(Map.of("from", old.minusSeconds(3600).toString(), "to", old.plusSeconds(3600).toString()))
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
		assertThat(response.getBody()).contains("\"kind\":\"BACKFILL\"");
		await().until(() -> IngestionTestSupport.facts(jdbc, "old-1").size() == 1);
	}

	@Test
	void refusesBadBackfillsAndUnknownRuns() {
		assertThat(backfill(Map.of("from", "2026-02-01T00:00:00Z", "to", "2026-01-01T00:00:00Z")))
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(backfill(Map.of("from", "yesterday", "to", "2026-01-01T00:00:00Z"))).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(backfill(Map.of("to", "2026-01-01T00:00:00Z"))).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(backfill(Map.of("from", "2026-01-01T00:00:00Z", "to", "+999999999-12-31T23:59:59Z")))
			.as("beyond Java's milliseconds and PostgreSQL's years").isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(backfill(Map.of("from", "2026-01-01T00:00:00Z", "to", "+300000-01-01T00:00:00Z")))
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(backfill(Map.of("from", "-0001-01-01T00:00:00Z", "to", "2026-01-01T00:00:00Z")))
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(api.get().uri("/api/v1/ingestion/runs/999999").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(api.get().uri("/api/v1/ingestion/runs/abc").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(api.get().uri("/api/v1/ingestion/runs?size=0").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(api.get().uri("/api/v1/ingestion/runs?size=10000").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.BAD_REQUEST);
	}

	private HttpStatus backfill(Map<String, String> body) {
		return HttpStatus.valueOf(api.post()
			.uri("/api/v1/ingestion/backfills")
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.retrieve()
			.toBodilessEntity()
			.getStatusCode()
			.value());
	}

}
