package io.lakegov.pages;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A backfill started from the ingestion page covers whole business days of the business time zone; one without
 * its last day answers a page that says so. The page lists every run, newest first, a page at a time.
 */
@IntegrationTest(properties = "lakegov.usage.time-zone=Asia/Tokyo")
class IngestionPageBackfillIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	private static final int RUNS_PER_PAGE = 10;

	@Test
	void aBackfillFromThePageCoversWholeBusinessDaysAndOneWithoutItsLastDayIsRefused() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.OPERATOR_KEY);
		String csrf = PageSession.csrfOf(session.get("/ingestion").body());

		var incomplete = refused(session, "source=default&from=2026-11-01&_csrf=" + csrf);
		assertThat(incomplete).as("the page again, the refusal next to the form, what was typed kept")
			.contains("<h1>Ingestion</h1>", "The last day is missing.", "id=\"backfill-refused-default\"",
					"value=\"2026-11-01\"", "aria-invalid=\"true\"",
					"aria-describedby=\"backfill-days-default backfill-refused-default\"");
		assertThat(refused(session, "source=default&from=2026-11-01&to=%2B999999999-12-31&_csrf=" + csrf))
			.contains("The last day must be a date between 0001-01-01 and 9999-12-31.", "value=\"+999999999-12-31\"");
		assertThat(refused(session, "source=default&from=1.11.2026&to=2026-11-02&_csrf=" + csrf))
			.contains("The first day must be a date such as 2026-03-01.", "value=\"1.11.2026\"");
		assertThat(refused(session, "source=default&from=2026-11-03&to=2026-11-02&_csrf=" + csrf))
			.contains("The first day of a backfill must not be after its last day.");
		assertThat(refused(session, "source=default&from=%3Cscript%3Ealert(1)%3C%2Fscript%3E&to=2026-11-02&_csrf=" + csrf))
			.as("what was typed is shown escaped")
			.doesNotContain("<script>alert(1)")
			.contains("value=\"&lt;script&gt;alert(1)&lt;/script&gt;\"");
		assertThat(session.post("/ingestion/backfills", "source=nope&from=2026-11-01&to=2026-11-02&_csrf=" + csrf)
			.statusCode()).isEqualTo(404);
		assertThat(session.get("/ingestion").body()).as("a refusal is said once, where it happened")
			.doesNotContain("backfill-refused-default", "aria-invalid");

		var started = session.post("/ingestion/backfills", "source=default&from=2026-11-01&to=2026-11-02&_csrf=" + csrf);
		assertThat(started.statusCode()).isEqualTo(302);
		String location = started.headers().firstValue("Location").orElseThrow();
		String id = location.substring(location.indexOf("started=") + "started=".length());
		JsonNode run = run(session, id);
		assertThat(run.get("windowStart").asString()).isEqualTo("2026-10-31T15:00:00Z");
		assertThat(run.get("windowEnd").asString()).isEqualTo("2026-11-02T15:00:00Z");
		await().atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> !"RUNNING".equals(run(session, id).get("status").asString()));
		String later = session.get("/ingestion?started=" + id).body();
		assertThat(later).as("the address it was started from, once the run finished")
			.doesNotContain("it appears below as it goes")
			.contains("started from here, <span>" + run(session, id).get("status").asString().toLowerCase() + "</span>")
			.contains("Whole calendar days in <span>Asia/Tokyo</span>")
			.contains("aria-label=\"Start the backfill of source default\"");
	}

	@Test
	void aRunStartedWhileAnotherRunsIsRefusedNextToItsButton() throws Exception {
		long running = jdbc.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, node)
				VALUES ('default', 'SCHEDULED', 'RUNNING', now(), now(), 'busy-node') RETURNING id""")
			.query(Long.class)
			.single();
		try {
			PageSession session = new PageSession(port).signIn(IntegrationTest.OPERATOR_KEY);
			String csrf = PageSession.csrfOf(session.get("/ingestion").body());
			var refused = session.post("/ingestion/runs", "source=default&_csrf=" + csrf);
			assertThat(refused.statusCode()).isEqualTo(302);
			assertThat(refused.headers().firstValue("Location").orElseThrow()).endsWith("/ingestion");
			assertThat(session.get("/ingestion").body()).contains("<h1>Ingestion</h1>", "id=\"run-refused-default\"",
					"Run " + running + " of this source is in progress; start another when it has finished.");
		}
		finally {
			jdbc.sql("DELETE FROM ingestion_run WHERE id = :id").param("id", running).update();
		}
	}

	@Test
	void listsEveryRunNewestFirstPageByPage() throws Exception {
		for (int i = 0; i < RUNS_PER_PAGE + 1; i++) {
			assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		}
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		String first = session.get("/ingestion").body();
		assertThat(first).contains("href=\"/ingestion?runsPage=1\"", "Next runs").doesNotContain("Previous runs");
		List<Long> newest = ids(first);
		assertThat(newest).hasSize(RUNS_PER_PAGE).isSortedAccordingTo(Comparator.reverseOrder());

		String second = session.get("/ingestion?runsPage=1").body();
		assertThat(second).contains("Previous runs");
		List<Long> older = ids(second);
		assertThat(older).isNotEmpty().allSatisfy(id -> assertThat(id).isLessThan(newest.get(newest.size() - 1)));

		String past = session.get("/ingestion?runsPage=99").body();
		assertThat(past).contains("There is no page 100 of runs", "Last page of runs").doesNotContain("No run yet.");
		assertThat(session.get("/ingestion?runsPage=-1").statusCode()).isEqualTo(400);
	}

	/**
	 * The page a refused backfill leads to: the refusal redirects to the page's own address, which shows it once.
	 */
	private static String refused(PageSession session, String form) throws Exception {
		var answer = session.post("/ingestion/backfills", form);
		assertThat(answer.statusCode()).isEqualTo(302);
		assertThat(answer.headers().firstValue("Location").orElseThrow()).endsWith("/ingestion");
		return session.get("/ingestion").body();
	}

	/** The run ids of the page's list, in its order. */
	private static List<Long> ids(String page) {
		String runs = page.substring(page.indexOf("id=\"live-runs\""));
		Matcher matcher = Pattern.compile("<th scope=\"row\" class=\"num\">(\\d+)</th>").matcher(runs);
		List<Long> ids = new ArrayList<>();
		while (matcher.find()) {
			ids.add(Long.parseLong(matcher.group(1)));
		}
		return ids;
	}

	private static JsonNode run(PageSession session, String id) throws Exception {
		var answer = session.send(HttpRequest.newBuilder(session.uri("/api/v1/ingestion/runs/" + id))
			.header("X-API-Key", IntegrationTest.OPERATOR_KEY)
			.build());
		assertThat(answer.statusCode()).isEqualTo(200);
		return JSON.readTree(answer.body());
	}

}
