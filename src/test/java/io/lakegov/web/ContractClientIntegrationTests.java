package io.lakegov.web;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collector;
import java.util.stream.Collectors;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.client.ApiClient;
import io.lakegov.support.client.ApiException;
import io.lakegov.support.client.api.ImpactApi;
import io.lakegov.support.client.api.IngestionApi;
import io.lakegov.support.client.api.TableUsageApi;
import io.lakegov.support.client.api.UsageFeedApi;
import io.lakegov.support.client.model.DailyUsagePage;
import io.lakegov.support.client.model.ImpactReport;
import io.lakegov.support.client.model.Problem;
import io.lakegov.support.client.model.TableDay;
import io.lakegov.support.client.model.TableReader;
import io.lakegov.support.client.model.TableUsersTableReader;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A client generated from the committed contract {@code api/openapi.yaml} (openapi-generator's Java client,
 * built in the test build) calls the running service: what a catalog's or a gateway's generated client
 * would do: a table's readers, its impact, a walk through the daily usage feed, and a refusal, which comes
 * back as the client's ApiException with the status and the problem details.
 */
@IntegrationTest
class ContractClientIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	String orders;

	String summary;

	LocalDate yesterday;

	@BeforeEach
	void loadFacts() {
		String catalog = UsageFixtures.unique("client");
		orders = catalog + ".sales.orders";
		summary = catalog + ".sales.daily_summary";
		// noon, so that the three statements minutes apart share their day whenever the test runs
		yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1);
		Instant at = yesterday.atTime(12, 0).toInstant(ZoneOffset.UTC);
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(catalog + "-dash", "ann@x.io", at).through("DASHBOARD", "d-1").reads(orders).done()
			.statement(catalog + "-adhoc", "bob@x.io", at.plusSeconds(60)).reads(orders).done()
			.statement(catalog + "-etl", "etl-sp", at.plusSeconds(120)).through("JOB", "42").kind("INSERT")
				.reads(orders).writes(summary).done()
			.load();
	}

	ApiClient client() {
		ApiClient client = new ApiClient();
		client.updateBaseUri("http://localhost:" + port);
		client.setRequestInterceptor(request -> request.header(ApiKeyAuthenticationFilter.HEADER, IntegrationTest.API_KEY));
		return client;
	}

	@Test
	void readsATablesReadersThroughTheGeneratedClient() throws ApiException {
		TableUsersTableReader readers = new TableUsageApi(client()).readers(orders, yesterday.minusDays(1),
				yesterday.plusDays(1), 0, 50, false, null);
		assertThat(readers.getTable()).isEqualTo(orders);
		assertThat(readers.getUsers().getTotalItems()).isEqualTo(3);
		assertThat(readers.getUsers().getItems()).extracting(TableReader::getUser)
			.containsExactlyInAnyOrder("ann@x.io", "bob@x.io", "etl-sp");
		TableReader ann = readers.getUsers().getItems().stream().filter(reader -> "ann@x.io".equals(reader.getUser()))
			.findFirst()
			.orElseThrow();
		assertThat(ann.getStatements()).isEqualTo(1);
		assertThat(ann.getSources()).singleElement().satisfies(source -> {
			assertThat(source.getKind()).isEqualTo("DASHBOARD");
			assertThat(source.getId()).isEqualTo("d-1");
		});
	}

	@Test
	void startsAndFollowsAnIngestionRunThroughTheGeneratedClient() throws ApiException {
		IngestionApi ingestion = new IngestionApi(client());

		var started = ingestion.startWithHttpInfo(null);

		assertThat(started.getStatusCode()).as("accepted, as the contract says").isEqualTo(202);
		long id = started.getData().getId();
		assertThat(started.getHeaders().get("location")).containsExactly("/api/v1/ingestion/runs/" + id);
		await().atMost(Duration.ofMinutes(2))
			.until(() -> !"RUNNING".equals(ingestion.run(id).getStatus()));
		ApiException unknown = catchThrowableOfType(ApiException.class, () -> ingestion.run(Long.MAX_VALUE));
		assertThat(unknown.getCode()).isEqualTo(404);
	}

	@Test
	void readsATablesImpactThroughTheGeneratedClient() throws ApiException {
		ImpactReport impact = new ImpactApi(client()).impact(orders, 30);
		assertThat(impact.getTable()).isEqualTo(orders);
		assertThat(impact.getSeen()).isTrue();
		assertThat(impact.getVerdict()).hasToString("ACTIVE");
		assertThat(impact.getDownstream()).singleElement().satisfies(downstream -> assertThat(downstream.getTable()).isEqualTo(summary));
		assertThat(impact.getEvidence().getReads()).isEqualTo(3);
		assertThat(impact.getEvidence().getEtlReads()).isEqualTo(1);
	}

	@Test
	void getsARefusalAsTheClientsExceptionWithItsProblemDetails() throws Exception {
		ApiClient client = client();
		ApiException refused = catchThrowableOfType(ApiException.class,
				() -> new ImpactApi(client).impact("a.b.c.d", 30));
		assertThat(refused.getCode()).isEqualTo(400);
		assertThat(refused.getResponseHeaders().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/problem+json"));
		Problem problem = client.getObjectMapper().readValue(refused.getResponseBody(), Problem.class);
		assertThat(problem.getStatus()).isEqualTo(400);
		assertThat(problem.getType()).isEqualTo(ProblemTypes.VALIDATION);
		assertThat(problem.getErrors()).singleElement().satisfies(error -> {
			assertThat(error.getField()).isEqualTo("table");
			assertThat(error.getMessage()).isEqualTo(TableRef.PATTERN_MESSAGE);
		});
	}

	@Test
	void walksTheDailyUsageFeedPageByPageThroughTheGeneratedClient() throws ApiException {
		UsageFeedApi feed = new UsageFeedApi(client());
		List<TableDay> entries = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			DailyUsagePage page = feed.dailyUsage(yesterday, yesterday, cursor, 2);
			assertThat(page.getItems()).hasSizeLessThanOrEqualTo(2);
			entries.addAll(page.getItems());
			cursor = page.getNext();
			pages++;
		}
		while (cursor != null && pages < 10_000);
		assertThat(cursor).as("the last page has no next cursor").isNull();
		assertThat(pages).isGreaterThanOrEqualTo(1);
		TableDay day = entries.stream().filter(entry -> orders.equals(entry.getTable())).collect(onlyOne());
		assertThat(day.getDate()).isEqualTo(yesterday);
		assertThat(day.getReads()).isEqualTo(3);
		assertThat(day.getUsers()).isEqualTo(3);
		assertThat(entries.stream().filter(entry -> summary.equals(entry.getTable())).collect(onlyOne()).getWrites())
			.isEqualTo(1);
	}

	private static <T> Collector<T, ?, T> onlyOne() {
		return Collectors.collectingAndThen(Collectors.toList(), list -> {
			assertThat(list).hasSize(1);
			return list.get(0);
		});
	}

}
