package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** Date ranges are business dates: in Asia/Tokyo, 15:30 UTC on March 1st is already March 2nd. */
@IntegrationTest(properties = "lakegov.usage.time-zone=Asia/Tokyo")
class BusinessTimeZoneIntegrationTests {

	static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");

	static final Instant LATE_UTC = Instant.parse("2026-03-01T15:30:00Z");

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	JdbcClient jdbc;

	@Test
	void countsAStatementOnItsBusinessDay() {
		String table = UsageFixtures.unique("tz") + ".s.t";
		UsageFixtures.facts(repository, tx, TOKYO).statement(table + "-1", "ann", LATE_UTC).reads(table).done().load();
		assertThat(readers(table, "2026-03-02", "2026-03-02")).isEqualTo(1);
		assertThat(readers(table, "2026-03-01", "2026-03-01")).isZero();
	}

	@Test
	void filtersStatementsByBusinessDaysAndServesViewersOnlyRedactedText() {
		String user = UsageFixtures.unique("tzuser");
		String id = user + "-stmt";
		jdbc.sql("""
				INSERT INTO statement_analysis (text_hash, analyzer_version, status, kind, stage, redacted_sql, accesses,
				    paths, temporary_views, analyzed_at)
				VALUES (:hash, 'test', 'ANALYZED', 'SELECT', 'SPARK', 'SELECT * FROM t WHERE secret = ?', '[]', '[]', '[]', now())""")
			.param("hash", id)
			.update();
		jdbc.sql("""
				INSERT INTO query_history (source, statement_id, executed_by, execution_status, statement_text, statement_type,
				    total_duration_ms, start_time, end_time, update_time, text_hash, analyzer_version, analysis_status,
				    source_kind, source_id, first_seen_at, last_changed_at)
				VALUES ('default', :id, :user, 'FINISHED', 'SELECT * FROM t WHERE secret = ''hunter2''', 'SELECT', 1234, :start,
				    :start, :start, :id, 'test', 'ANALYZED', 'NOTEBOOK', 'nb-1', now(), now())""")
			.param("id", id)
			.param("user", user)
			.param("start", java.sql.Timestamp.from(LATE_UTC))
			.update();
		JsonNode page = get("/api/v1/statements?user=" + user + "&from=2026-03-02&to=2026-03-02",
				IntegrationTest.VIEWER_KEY);
		assertThat(page.get("totalItems").asLong()).isEqualTo(1);
		JsonNode statement = page.get("items").get(0);
		assertThat(statement.get("redactedText").asString()).isEqualTo("SELECT * FROM t WHERE secret = ?");
		assertThat(statement.get("durationMs").asLong()).isEqualTo(1234);
		assertThat(statement.get("status").asString()).isEqualTo("FINISHED");
		assertThat(statement.get("source").get("kind").asString()).isEqualTo("NOTEBOOK");
		assertThat(page.toString()).doesNotContain("hunter2");
		assertThat(get("/api/v1/statements?user=" + user + "&from=2026-03-01&to=2026-03-01").get("totalItems").asLong())
			.isZero();
	}

	@Test
	void defaultsToTheLastThirtyDaysEndingTodayInTheBusinessZone() {
		LocalDate before = LocalDate.now(TOKYO);
		JsonNode series = get("/api/v1/tables/" + UsageFixtures.unique("tzdefault") + ".s.t/usage");
		assertThat(series.get("days")).hasSize(30);
		// Tokyo's day may turn during the request
		LocalDate to = LocalDate.parse(series.get("to").asString());
		assertThat(to).isBetween(before, LocalDate.now(TOKYO));
		assertThat(series.get("from").asString()).isEqualTo(to.minusDays(29).toString());
	}

	private long readers(String table, String from, String to) {
		return get("/api/v1/tables/" + table + "/readers?from=" + from + "&to=" + to).get("users").get("totalItems").asLong();
	}

	private JsonNode get(String uri) {
		return get(uri, IntegrationTest.API_KEY);
	}

	private JsonNode get(String uri, String key) {
		var response = TestApi.withKey(port, key).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
