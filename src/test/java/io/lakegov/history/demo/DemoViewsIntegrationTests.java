package io.lakegov.history.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.history.SourceDatabase;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's two-level view chain on {@code main.sales.orders}: before the table is dropped, its impact
 * report shows the people who read it only through the views, with their paths.
 */
@IntegrationTest(properties = "lakegov.ingest.initial-lookback=21d")
class DemoViewsIntegrationTests {

	static final String ORDERS = "main.sales.orders";

	static final String CHAIN = ORDERS + " ← main.sales.orders_enriched ← main.gold.revenue_by_region";

	@LocalServerPort
	int port;

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Test
	void theImpactOfDroppingTheOrdersShowsTheReadersOfTheViewChain() {
		var warehouse = new DemoWarehouse(source);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		warehouse.writeFinished(new DemoWorkload(11).generate(now.minus(Duration.ofDays(14)), now.minusSeconds(60), 3000));
		warehouse.refreshCatalog(now);
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		catalog.sync();

		var response = TestApi.withKey(port).get().uri("/api/v1/tables/" + ORDERS + "/impact?lookbackDays=30")
			.retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		JsonNode impact = response.getBody();
		assertThat(impact.get("views").valueStream().map(view -> view.get("path").get("path").asString()))
			.contains(ORDERS + " ← main.sales.orders_enriched", CHAIN);
		assertThat(impact.get("indirectReaders").valueStream().flatMap(reader -> reader.get("paths").valueStream())
			.map(JsonNode::asString)).anyMatch(path -> path.startsWith(CHAIN + " ← "));
		assertThat(impact.get("evidence").get("indirectReads").asLong()).isPositive();
	}

}
