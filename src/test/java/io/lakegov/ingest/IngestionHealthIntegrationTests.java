package io.lakegov.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.pages.PageSession;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoppableSource;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ingestion health and metrics against a real PostgreSQL source that the test stops and starts again:
 * DOWN once the configured number of runs failed, UP after a good run, and never in liveness or
 * readiness.
 */
@IntegrationTest(properties = { "lakegov.ingest.retries=0", "lakegov.ingest.health.failed-runs=2",
		"lakegov.source.connection-timeout=2s" })
class IngestionHealthIntegrationTests {

	static final StoppableSource SOURCE = StoppableSource.start();

	static final Path ALERT_RULES = Path.of("helm", "lakegov", "files", "prometheus-rules.yaml");

	@DynamicPropertySource
	static void source(DynamicPropertyRegistry registry) {
		registry.add("lakegov.source.url", SOURCE::jdbcUrl);
		registry.add("lakegov.source.username", () -> "postgres");
		registry.add("lakegov.source.table", () -> "query.history");
		registry.add("lakegov.source.inventory-table", () -> "lakehouse.tables");
	}

	@AfterAll
	static void closeSource() throws IOException {
		SOURCE.close();
	}

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient store;

	String nonce;

	@BeforeEach
	void reset() {
		store.sql("TRUNCATE ingestion_run, ingestion_watermark").update();
		SOURCE.rows().clear();
		nonce = UUID.randomUUID().toString();
	}

	@Test
	void aStoppedSourceTurnsIngestionDownAfterTheConfiguredFailuresAndAGoodRunTurnsItUp() throws Exception {
		assertThat(health("/actuator/health/ingestion").getBody()).contains("\"status\":\"UNKNOWN\"");
		addRows(3);
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		assertThat(health("/actuator/health/ingestion").getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(health("/actuator/health/ingestion").getBody()).contains("\"status\":\"UP\"");

		SOURCE.stop();
		try {
			assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("FAILED");
			// one failure of the two allowed
			assertThat(health("/actuator/health/ingestion").getBody()).contains("\"status\":\"UP\"")
				.contains("\"consecutiveFailures\":1");
			assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("FAILED");

			ResponseEntity<String> overall = TestApi.anonymous(port).get().uri("/actuator/health").retrieve()
				.toEntity(String.class);
			assertThat(overall.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
			// without a key: the status only
			assertThat(overall.getBody()).contains("\"status\":\"DOWN\"").doesNotContain("details", "components");
			ResponseEntity<String> detailed = health("/actuator/health");
			assertThat(detailed.getBody()).contains("\"ingest\":{\"details\":")
				.contains("the last 2 ingestion runs failed")
				.contains("\"lastError\":\"");
			assertThat(health("/actuator/health/ingestion").getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
			JsonNode status = TestApi.withKey(port).get().uri("/api/v1/ingestion/status").retrieve()
				.body(JsonNode.class);
			assertThat(status.get("health").asString()).as("the status says what the health check says")
				.isEqualTo("DOWN");
			assertThat(status.get("healthReason").asString()).isEqualTo("the last 2 ingestion runs failed");
			String page = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY).get("/ingestion").body();
			assertThat(page).contains("<dt>Health</dt><dd><span>down</span>",
					"Health down: the last 2 ingestion runs failed.");
			// the API stays in its Service and the pod is not restarted for a source outage
			assertThat(health("/actuator/health/liveness").getStatusCode()).isEqualTo(HttpStatus.OK);
			assertThat(health("/actuator/health/readiness").getStatusCode()).isEqualTo(HttpStatus.OK);
		}
		finally {
			SOURCE.resume();
		}

		addRows(2);
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		assertThat(health("/actuator/health/ingestion").getBody()).contains("\"status\":\"UP\"")
			.contains("\"consecutiveFailures\":0");
		assertThat(health("/actuator/health").getStatusCode()).isEqualTo(HttpStatus.OK);
		JsonNode status = TestApi.withKey(port).get().uri("/api/v1/ingestion/status").retrieve().body(JsonNode.class);
		assertThat(status.get("health").asString()).isEqualTo("UP");
		assertThat(status.get("healthReason").isNull()).isTrue();
	}

	@Test
	void theDocumentedMetricsArePresentAfterARun() throws IOException {
		addRows(4);
		SOURCE.rows().row("masked-" + nonce).text("<REDACTED>").user("u").started(Instant.now().minusSeconds(60)).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		String metrics = TestApi.anonymous(port).get().uri("/actuator/prometheus").retrieve().body(String.class);

		for (String name : List.of("lakegov_ingest_lag_seconds{source=\"default\"}",
				"lakegov_ingest_backlog_rows{source=\"default\"}", "lakegov_ingest_zero_rows_alert{source=\"default\"}",
				"lakegov_analysis_failure_ratio", "lakegov_analysis_unanalysable_total",
				"lakegov_ingest_runs_total{source=\"default\",status=\"SUCCEEDED\"}", "lakegov_ingest_rows_total",
				"lakegov_ingest_rows_rejected_total", "lakegov_ingest_rows_masked_total",
				"lakegov_ingest_masked_ratio{source=\"default\"}",
				"lakegov_ingest_run_rows_sum{measure=\"read\"}", "lakegov_ingest_run_rows_sum{measure=\"changed\"}",
				"lakegov_ingest_run_duration_seconds_count{kind=\"MANUAL\",status=\"SUCCEEDED\"}",
				"lakegov_ingest_last_run_rows_per_second{source=\"default\"}", "lakegov_ingest_last_success_timestamp_seconds",
				"lakegov_source_query_latency_seconds_count{query=\"read\"}",
				"lakegov_source_query_latency_seconds_count{query=\"count\"}",
				"lakegov_analysis_statements_total{stage=\"spark-grammar\",status=\"ANALYZED\"}",
				"lakegov_analysis_statements_total{stage=\"none\",status=\"REDACTED\"}",
				"lakegov_analysis_cache_lookups_total{source=\"parsed\"}", "lakegov_analysis_cache_hit_ratio",
				"lakegov_store_table_size_bytes{table=\"query_history\"}",
				"lakegov_store_table_rows{table=\"table_access\"}", "lakegov_ingest_batch_phase_seconds_count")) {
			assertThat(metrics).as(name).contains(name);
		}
		// every series the shipped alert rules use exists
		Matcher used = Pattern.compile("lakegov_[a-z_]+").matcher(Files.readString(ALERT_RULES));
		while (used.find()) {
			assertThat(metrics).as("alert rules use " + used.group()).containsPattern("(?m)^" + used.group() + "[{ ]");
		}
		assertThat(value(metrics, "lakegov_ingest_masked_ratio{source=\"default\"}")).isEqualTo(0.2);
		assertThat(value(metrics, "lakegov_ingest_run_rows_sum{measure=\"read\"}")).isGreaterThanOrEqualTo(5);
		assertThat(value(metrics, "lakegov_ingest_last_success_timestamp_seconds")).isPositive();
		assertThat(value(metrics, "lakegov_store_table_size_bytes{table=\"query_history\"}")).isPositive();
	}

	private void addRows(int count) {
		Instant start = Instant.now().minus(10, ChronoUnit.MINUTES);
		for (int i = 0; i < count; i++) {
			String id = nonce + "-" + UUID.randomUUID();
			SOURCE.rows().row(id).text("SELECT * FROM main.ops.t" + i + " -- " + id).user("ops@corp.example")
				.started(start.plusSeconds(i)).save();
		}
	}

	private ResponseEntity<String> health(String path) {
		return TestApi.withKey(port).get().uri(path).retrieve().toEntity(String.class);
	}

	/** The value of the first sample whose name and labels start with the given text. */
	private static double value(String metrics, String sample) {
		return metrics.lines()
			.filter(line -> line.startsWith(sample))
			.map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no sample " + sample));
	}

}
