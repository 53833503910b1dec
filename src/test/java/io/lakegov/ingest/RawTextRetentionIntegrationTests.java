package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Raw statement texts kept for admins for 30 days, then removed by the purge while facts, rankings and
 * redacted texts stay; a statement without its raw text is not re-analysed but reported.
 */
@IntegrationTest(properties = { "lakegov.history.keep-raw-text=true", "lakegov.history.raw-text-retention=30d",
		"lakegov.history.purge-batch-size=2", "lakegov.ingest.initial-lookback=400d",
		"lakegov.analysis.default-catalog=main", "lakegov.analysis.default-schema=default" })
class RawTextRetentionIntegrationTests {

	static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	RawTextPurge purge;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	@BeforeEach
	void ingest() {
		IngestionTestSupport.reset(jdbc);
		var source = new SourceRows(jdbc);
		for (int i = 0; i < 5; i++) {
			source.row("old-" + i).text("SELECT * FROM s.kept WHERE secret = 'old-literal-" + i + "'").user("ann")
				.started(NOW.minus(40, ChronoUnit.DAYS).plusSeconds(i)).save();
		}
		source.row("new").text("SELECT * FROM s.kept WHERE secret = 'new-literal'").user("bob")
			.started(NOW.minus(1, ChronoUnit.DAYS)).save();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	@Test
	void purgeRemovesRawTextsPastRetentionAndLeavesFactsAndRankings() {
		String rankingsBefore = get(TestApi.withKey(port).get(), "/api/v1/rankings/tables?from=" + day(45) + "&to=" + day(0));
		String readersBefore = get(TestApi.withKey(port).get(),
				"/api/v1/tables/main.s.kept/readers?from=" + day(45) + "&to=" + day(0));
		long factsBefore = jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single();

		RawTextPurge.Outcome dry = purge.purge(true);
		assertThat(dry.due()).isEqualTo(5);
		assertThat(dry.removed()).isZero();
		assertThat(rawTexts()).isEqualTo(6);

		RawTextPurge.Outcome outcome = purge.purge(false);
		assertThat(outcome.due()).isEqualTo(5);
		assertThat(outcome.removed()).isEqualTo(5);
		assertThat(rawTexts()).isEqualTo(1);
		assertThat(jdbc.sql("SELECT statement_id FROM query_history WHERE statement_text IS NOT NULL")
			.query(String.class)
			.single()).isEqualTo("new");

		assertThat(jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single()).isEqualTo(factsBefore);
		assertThat(get(TestApi.withKey(port).get(), "/api/v1/rankings/tables?from=" + day(45) + "&to=" + day(0)))
			.isEqualTo(rankingsBefore);
		assertThat(get(TestApi.withKey(port).get(), "/api/v1/tables/main.s.kept/readers?from=" + day(45) + "&to=" + day(0)))
			.isEqualTo(readersBefore);
	}

	@Test
	void onlyAdminsSeeRawTextAndEveryoneSeesWhatCannotBeReanalysed() throws Exception {
		purge.purge(false);
		String query = "/api/v1/statements?from=" + day(45) + "&to=" + day(0) + "&size=10";
		JsonNode admin = JsonMapper.builder().build().readTree(get(TestApi.withKey(port).get(), query)).get("items");
		assertThat(admin).hasSize(6);
		for (JsonNode item : admin) {
			boolean recent = item.get("statementId").asString().equals("new");
			assertThat(item.get("reanalysable").asBoolean()).isEqualTo(recent);
			assertThat(item.get("redactedText").asString()).doesNotContain("literal");
			if (recent) {
				assertThat(item.get("sql").asString()).contains("new-literal");
			}
			else {
				assertThat(item.get("sql").isNull()).isTrue();
			}
		}
		for (String key : new String[] { IntegrationTest.VIEWER_KEY, IntegrationTest.OPERATOR_KEY }) {
			String body = get(TestApi.withKey(port, key).get(), query);
			assertThat(body).doesNotContain("literal").contains("\"sql\":null");
		}
	}

	@Test
	void reanalysisLeavesStatementsWithoutRawTextWithTheirFacts() {
		purge.purge(false);
		jdbc.sql("UPDATE query_history SET analyzer_version = '0.1'").update();
		jdbc.sql("UPDATE statement_analysis SET analyzer_version = '0.1'").update();
		long factsBefore = jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single();

		IngestionRun run = ingestion.reanalyse();

		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.rowsChanged()).isEqualTo(1);
		assertThat(jdbc.sql("SELECT count(*) FROM query_history WHERE analyzer_version = '0.1'").query(Long.class).single())
			.isEqualTo(5);
		assertThat(jdbc.sql("SELECT count(*) FROM table_access").query(Long.class).single()).isEqualTo(factsBefore);
	}

	private long rawTexts() {
		return jdbc.sql("SELECT count(*) FROM query_history WHERE statement_text IS NOT NULL").query(Long.class).single();
	}

	private static String day(int daysAgo) {
		return NOW.minus(daysAgo, ChronoUnit.DAYS).toString().substring(0, 10);
	}

	private static String get(org.springframework.web.client.RestClient.RequestHeadersUriSpec<?> spec, String uri) {
		var response = spec.uri(uri).retrieve().toEntity(String.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
