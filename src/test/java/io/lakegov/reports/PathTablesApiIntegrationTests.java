package io.lakegov.reports;

import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table read and written by its storage path ({@code delta.`s3://bucket/key`}) is addressed in the API like
 * any other, its name one path segment with the path's slashes percent-encoded, as a client's URL encoding
 * writes them; encoded slashes never take an address anywhere else.
 */
@IntegrationTest
class PathTablesApiIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository facts;

	@Autowired
	TransactionTemplate tx;

	String bucket;

	String path;

	String segment;

	@BeforeEach
	void readAndWriteATableByPath() {
		bucket = UsageFixtures.unique("bucket-");
		path = "delta.s3://" + bucket + "/raw/events";
		segment = "delta.%60s3:%2F%2F" + bucket + "%2Fraw%2Fevents%60";
		Instant yesterday = Instant.now().minus(1, ChronoUnit.DAYS);
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(bucket + "-1", "ann", yesterday)
			.reads(path)
			.done()
			.statement(bucket + "-2", "etl", yesterday.plusSeconds(60))
			.kind("INSERT")
			.writes(path)
			.done()
			.load();
	}

	@Test
	void itsReadersWritersUsageAndImpactAnswerUnderItsEncodedName() {
		JsonNode readers = get("/api/v1/tables/" + segment + "/readers").getBody();
		assertThat(readers.get("table").asString()).isEqualTo(path);
		assertThat(readers.get("users").get("items").findValuesAsString("user")).containsExactly("ann");
		JsonNode writers = get("/api/v1/tables/" + segment + "/writers").getBody();
		assertThat(writers.get("users").get("items").findValuesAsString("user")).containsExactly("etl");
		JsonNode usage = get("/api/v1/tables/" + segment + "/usage").getBody();
		assertThat(usage.get("days").valueStream().mapToLong(day -> day.get("reads").asLong()).sum()).isEqualTo(1);
		JsonNode impact = get("/api/v1/tables/" + segment + "/impact").getBody();
		assertThat(impact.toString()).contains("ann");
		assertThat(get("/api/v1/tables/" + segment + "/queries").getStatusCode().value()).isEqualTo(200);
		assertThat(get("/api/v1/tables/" + segment + "/related").getStatusCode().value()).isEqualTo(200);
		assertThat(get("/api/v1/tables/" + segment + "/columns").getStatusCode().value()).isEqualTo(200);
	}

	@Test
	void encodedSlashesNeverLeadOutOfTheirSegment() {
		ResponseEntity<JsonNode> climbing = get("/api/v1/tables/..%2F..%2Fwatches/readers");
		assertThat(climbing.getStatusCode().value()).isEqualTo(400);
		assertThat(climbing.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)).isTrue();
		assertThat(get("/api/v1%2Ftables/" + segment + "/readers").getStatusCode().value()).isEqualTo(404);
		assertThat(get("/api/v1/tables%2F" + segment + "%2Freaders").getStatusCode().value()).isEqualTo(404);
	}

	private ResponseEntity<JsonNode> get(String encoded) {
		return TestApi.withKey(port)
			.get()
			.uri(URI.create("http://localhost:" + port + encoded))
			.retrieve()
			.onStatus(HttpStatusCode::isError, (request, response) -> {
			})
			.toEntity(JsonNode.class);
	}

}
