package io.lakegov.openlineage;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Without {@code lakegov.openlineage.url} the feed is off: ingestion records nothing for it. */
@IntegrationTest
class OpenLineageOffIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	IngestionService ingestion;

	@Test
	void recordsNoEventsAndSaysItIsOff() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600);
		new SourceRows(jdbc).row("off-1").user("ann").started(at).text("SELECT * FROM main.sales.orders").save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		assertThat(jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single()).isEqualTo(1);

		assertThat(jdbc.sql("SELECT count(*) FROM openlineage_event").query(Long.class).single()).isZero();
		JsonNode status = TestApi.withKey(port, IntegrationTest.OPERATOR_KEY)
			.get()
			.uri("/api/v1/openlineage/status")
			.retrieve()
			.body(JsonNode.class);
		assertThat(status.get("enabled").asBoolean()).isFalse();
		assertThat(status.get("sources")).isEmpty();
		ResponseEntity<JsonNode> backfill = TestApi.withKey(port, IntegrationTest.OPERATOR_KEY)
			.post()
			.uri("/api/v1/openlineage/backfills")
			.body(Map.of("from", at.minusSeconds(60).toString(), "to", at.plusSeconds(60).toString()))
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(backfill.getStatusCode().value()).isEqualTo(409);
		assertThat(backfill.getBody().get("detail").asString()).contains("lakegov.openlineage.url");
	}

}
