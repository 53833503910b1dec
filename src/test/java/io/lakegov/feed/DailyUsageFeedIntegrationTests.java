package io.lakegov.feed;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The daily feed over a year of the demo workload, ingested through the same JDBC source as production: a walk
 * through its pages returns every used (day, table) once, with the figures the per-table API gives for the same
 * table and day, also while ingestion writes between two pages; hostile cursors and windows answer 400.
 */
@IntegrationTest(properties = { "lakegov.ingest.initial-lookback=370d", "lakegov.usage.time-zone=UTC" })
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DailyUsageFeedIntegrationTests {

	static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

	static final LocalDate FROM = TODAY.minusDays(365);

	@LocalServerPort
	int port;

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient jdbc;

	RestClient api;

	@BeforeAll
	void ingestAYearOfTheDemoWorkload() {
		api = TestApi.withKey(port);
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		var warehouse = new DemoWarehouse(source);
		warehouse.refreshCatalog(now);
		catalog.sync();
		warehouse.writeFinished(new DemoWorkload(11).generate(now.minus(Duration.ofDays(364)), now.minus(Duration.ofMinutes(5)),
				4000));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	@Test
	@Order(1)
	void pagesThroughAYearWithThePerTableAnswers() {
		Map<String, JsonNode> entries = walk(FROM, TODAY, 150, null);

		assertThat(entries.keySet()).isEqualTo(storedPairs(FROM, TODAY));
		assertThat(entries).hasSizeGreaterThan(1000);
		Set<String> tables = new TreeSet<>();
		entries.values().forEach(entry -> tables.add(entry.get("table").asString()));
		assertThat(tables).hasSizeGreaterThan(15);
		for (String table : tables) {
			if (table.split("\\.").length != 3) {
				// a name lakegov could not complete: the per-table API completes what it is given to a known table
				continue;
			}
			ResponseEntity<JsonNode> series = get("/api/v1/tables/" + table + "/usage?from=" + FROM + "&to=" + TODAY);
			assertThat(series.getStatusCode()).as("usage of %s: %s", table, series.getBody()).isEqualTo(HttpStatus.OK);
			JsonNode days = series.getBody().get("days");
			for (JsonNode day : days) {
				JsonNode entry = entries.get(day.get("date").asString() + "|" + table);
				long reads = day.get("reads").asLong();
				long writes = day.get("writes").asLong();
				if (entry == null) {
					assertThat(reads + writes).as("%s on %s is not in the feed", table, day.get("date")).isZero();
					continue;
				}
				assertThat(entry.get("reads").asLong()).as("reads of %s on %s", table, day.get("date")).isEqualTo(reads);
				assertThat(entry.get("writes").asLong()).isEqualTo(writes);
				assertThat(entry.get("timeTravelReads").asLong()).isEqualTo(day.get("timeTravelReads").asLong());
				assertThat(entry.get("users").asLong()).isEqualTo(day.get("users").asLong());
			}
		}
		// the lists of every 40th entry against the table's readers, writers, queries and columns of that one day
		List<JsonNode> ordered = new ArrayList<>(entries.values());
		int compared = 0;
		int withColumns = 0;
		for (int i = 0; i < ordered.size(); i += 30) {
			JsonNode entry = ordered.get(i);
			if (entry.get("table").asString().split("\\.").length != 3) {
				continue;
			}
			assertSameAsThePerTableAnswers(entry);
			compared++;
			withColumns += entry.get("columns").isEmpty() ? 0 : 1;
		}
		assertThat(compared).isGreaterThan(30);
		assertThat(withColumns).as("entries with columns read").isGreaterThan(10);
	}

	@Test
	@Order(2)
	void aWalkReturnsEveryDayOnceWhileIngestionWrites() {
		Set<String> before = storedPairs(FROM, TODAY);
		Map<String, JsonNode> seen = new LinkedHashMap<>();
		List<String> order = new ArrayList<>();
		String cursor = null;
		LocalDate reached = null;
		String cut = null;
		do {
			JsonNode page = page(FROM, TODAY, 50, cursor);
			for (JsonNode entry : page.get("items")) {
				String key = key(entry);
				assertThat(seen.put(key, entry)).as("%s came twice", key).isNull();
				order.add(key);
				reached = LocalDate.parse(entry.get("date").asString());
			}
			cursor = page.get("next").isNull() ? null : page.get("next").asString();
			if (cut == null && cursor != null && reached.isAfter(FROM.plusDays(120))) {
				// new statements on a day the walk passed, on the day it stands at, on a later day and today,
				// both on tables used that day and on a table not used at all so far
				cut = order.get(order.size() - 1);
				writeAndIngest(reached.minusDays(20), reached, reached.plusDays(30), TODAY);
			}
		}
		while (cursor != null);
		assertThat(cut).as("ingestion wrote during the walk").isNotNull();
		LocalDate stood = LocalDate.parse(cut.substring(0, 10));

		assertThat(order).isSortedAccordingTo(Comparator.naturalOrder());
		Set<String> after = storedPairs(FROM, TODAY);
		assertThat(seen.keySet()).as("every (day, table) stored when the walk began").containsAll(before);
		assertThat(after).as("every (day, table) returned is stored").containsAll(seen.keySet());
		// where the walk stood when ingestion wrote: from there on the feed shows the new figures
		Set<String> later = new TreeSet<>();
		for (String pair : after) {
			if (pair.compareTo(cut) > 0) {
				later.add(pair);
			}
		}
		assertThat(seen.keySet()).containsAll(later);
		assertThat(later).contains(TODAY + "|main.ops.feed_probe", stood.plusDays(30) + "|main.ops.feed_probe");
		assertThat(after).contains(stood.minusDays(20) + "|main.ops.feed_probe");
		assertThat(seen).doesNotContainKey(stood.minusDays(20) + "|main.ops.feed_probe");
		for (String pair : later) {
			String[] parts = pair.split("\\|");
			long reads = jdbc.sql("SELECT reads FROM table_daily WHERE business_date = :d AND table_name = :t")
				.param("d", LocalDate.parse(parts[0]))
				.param("t", parts[1])
				.query(Long.class)
				.single();
			assertThat(seen.get(pair).get("reads").asLong()).as("reads of %s", pair).isEqualTo(reads);
		}
	}

	@Test
	@Order(3)
	void refusesCursorsItDidNotGiveOutAndWindowsBeyondAYear() {
		JsonNode first = page(FROM, TODAY, 5, null);
		String cursor = first.get("next").asString();
		assertThat(page(FROM, TODAY, 5, cursor).get("items")).hasSize(5);

		char flipped = cursor.charAt(cursor.length() / 2) == 'A' ? 'B' : 'A';
		String tampered = cursor.substring(0, cursor.length() / 2) + flipped + cursor.substring(cursor.length() / 2 + 1);
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&cursor=" + tampered, "cursor");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&cursor=" + cursor.substring(0, 20), "cursor");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&cursor=bm90IGEgY3Vyc29y", "cursor");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&cursor=%2F%2F..%3B", "cursor");
		assertProblem("/api/v1/usage/daily?from=" + FROM.plusDays(1) + "&to=" + TODAY + "&cursor=" + cursor, "window");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&cursor=" + "A".repeat(5000), "cursor");
		assertProblem("/api/v1/usage/daily?to=" + TODAY + "&cursor=" + cursor, "window");
		assertProblem("/api/v1/usage/daily?cursor=" + tampered, "cursor");

		// a walk that gives neither from nor to goes on in its cursor's window, whatever today's default is
		JsonNode resumed = get("/api/v1/usage/daily?size=5&cursor=" + cursor).getBody();
		assertThat(resumed.get("from").asString()).isEqualTo(FROM.toString());
		assertThat(resumed.get("to").asString()).isEqualTo(TODAY.toString());
		assertThat(resumed.get("items")).isEqualTo(page(FROM, TODAY, 5, cursor).get("items"));
		assertThat(resumed.get("next")).isEqualTo(page(FROM, TODAY, 5, cursor).get("next"));
		assertProblem("/api/v1/usage/daily?from=" + TODAY + "&to=" + TODAY.minusDays(1), "after");
		assertProblem("/api/v1/usage/daily?from=" + TODAY.minusDays(366) + "&to=" + TODAY, "366 days");
		assertProblem("/api/v1/usage/daily?from=2026-02-30&to=" + TODAY, "from");
		assertProblem("/api/v1/usage/daily?from=yesterday&to=" + TODAY, "from");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&size=0", "size");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&size=501", "size");
		assertProblem("/api/v1/usage/daily?from=" + FROM + "&to=" + TODAY + "&size=many", "size");

		// the service's today, which may have turned since the class began, or even during the request
		LocalDate before = LocalDate.now(ZoneOffset.UTC);
		JsonNode defaults = get("/api/v1/usage/daily").getBody();
		LocalDate to = LocalDate.parse(defaults.get("to").asString());
		assertThat(to).isBetween(before, LocalDate.now(ZoneOffset.UTC));
		assertThat(defaults.get("from").asString()).isEqualTo(to.minusDays(29).toString());
		assertThat(defaults.get("size").asInt()).isEqualTo(DailyUsage.DEFAULT_SIZE);
		assertThat(TestApi.anonymous(port).get().uri("/api/v1/usage/daily").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.UNAUTHORIZED);
	}

	/** The entry's users, statement shapes and columns are those the per-table endpoints give for its one day. */
	private void assertSameAsThePerTableAnswers(JsonNode entry) {
		String table = entry.get("table").asString();
		String day = entry.get("date").asString();
		String range = "?from=" + day + "&to=" + day + "&size=1000";
		Map<String, long[]> uses = new HashMap<>();
		for (JsonNode reader : get("/api/v1/tables/" + table + "/readers" + range).getBody().get("users").get("items")) {
			uses.computeIfAbsent(reader.get("user").asString(), user -> new long[2])[0] = reader.get("statements").asLong();
		}
		for (JsonNode writer : get("/api/v1/tables/" + table + "/writers" + range).getBody().get("users").get("items")) {
			uses.computeIfAbsent(writer.get("user").asString(), user -> new long[2])[1] = writer.get("statements").asLong();
		}
		List<String> expectedUsers = uses.entrySet()
			.stream()
			.sorted(Comparator.<Map.Entry<String, long[]>>comparingLong(e -> -(e.getValue()[0] + e.getValue()[1]))
				.thenComparing(Map.Entry::getKey))
			.limit(TableDay.TOP_USERS)
			.map(e -> e.getKey() + ":" + e.getValue()[0] + ":" + e.getValue()[1])
			.toList();
		List<String> users = new ArrayList<>();
		entry.get("topUsers")
			.forEach(user -> users.add(user.get("user").asString() + ":" + user.get("reads").asLong() + ":"
					+ user.get("writes").asLong()));
		assertThat(users).as("top users of %s on %s", table, day).isEqualTo(expectedUsers);

		JsonNode groups = get("/api/v1/tables/" + table + "/queries" + range).getBody().get("queries").get("items");
		long statements = 0;
		List<String> expectedQueries = new ArrayList<>();
		for (JsonNode group : groups) {
			statements += group.get("statements").asLong();
			if (expectedQueries.size() < TableDay.TOP_QUERIES) {
				expectedQueries.add(text(group, "fingerprint") + ":" + group.get("statements").asLong() + ":"
						+ text(group, "example"));
			}
		}
		List<String> queries = new ArrayList<>();
		entry.get("topQueries")
			.forEach(query -> queries.add(text(query, "fingerprint") + ":" + query.get("statements").asLong()
					+ ":" + text(query, "example")));
		assertThat(queries).as("top queries of %s on %s", table, day).isEqualTo(expectedQueries);
		assertThat(entry.get("statements").asLong()).isEqualTo(statements);

		JsonNode columns = get("/api/v1/tables/" + table + "/columns?from=" + day + "&to=" + day + "&size="
				+ TableDay.MAX_COLUMNS).getBody().get("columns");
		Set<String> expectedColumns = new HashSet<>();
		columns.get("items").forEach(column -> expectedColumns.add(column.get("column").asString() + ":"
				+ column.get("reads").asLong()));
		Set<String> read = new HashSet<>();
		List<Long> counts = new ArrayList<>();
		entry.get("columns").forEach(column -> {
			read.add(column.get("column").asString() + ":" + column.get("reads").asLong());
			counts.add(column.get("reads").asLong());
		});
		assertThat(read).as("columns of %s on %s", table, day).isEqualTo(expectedColumns);
		assertThat(counts).isSortedAccordingTo(Comparator.reverseOrder());
		assertThat(entry.get("columnCount").asLong()).isEqualTo(columns.get("totalItems").asLong());
	}

	private void writeAndIngest(LocalDate... days) {
		SourceRows rows = new SourceRows(jdbc);
		Instant now = Instant.now();
		int n = 0;
		for (LocalDate day : days) {
			Instant at = day.atTime(12, 0).toInstant(ZoneOffset.UTC);
			if (at.isAfter(now)) {
				// today before noon: a minute ago, but never before the day began
				Instant start = day.atStartOfDay(ZoneOffset.UTC).toInstant();
				at = now.minusSeconds(60).isBefore(start) ? start : now.minusSeconds(60);
			}
			for (String sql : List.of("SELECT order_id, amount FROM main.sales.orders WHERE amount > 10",
					"SELECT * FROM main.ops.feed_probe", "SELECT customer_id FROM main.silver.customers")) {
				rows.row("feed-late-" + day + "-" + n++).text(sql).user("late@corp.example").started(at).updated(now).save();
			}
		}
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	private Map<String, JsonNode> walk(LocalDate from, LocalDate to, int size, String start) {
		Map<String, JsonNode> entries = new LinkedHashMap<>();
		String cursor = start;
		do {
			JsonNode page = page(from, to, size, cursor);
			assertThat(page.get("items").size()).isLessThanOrEqualTo(size);
			for (JsonNode entry : page.get("items")) {
				assertThat(entries.put(key(entry), entry)).as("%s came twice", key(entry)).isNull();
			}
			cursor = page.get("next").isNull() ? null : page.get("next").asString();
		}
		while (cursor != null);
		return entries;
	}

	private JsonNode page(LocalDate from, LocalDate to, int size, String cursor) {
		ResponseEntity<JsonNode> response = get("/api/v1/usage/daily?from=" + from + "&to=" + to + "&size=" + size
				+ (cursor == null ? "" : "&cursor=" + cursor));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		return response.getBody();
	}

	private Set<String> storedPairs(LocalDate from, LocalDate to) {
		return new HashSet<>(jdbc.sql("""
				SELECT business_date || '|' || table_name FROM table_daily WHERE business_date BETWEEN :from AND :to""")
			.param("from", from)
			.param("to", to)
			.query(String.class)
			.list());
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return value == null || value.isNull() ? null : value.asString();
	}

	private static String key(JsonNode entry) {
		return entry.get("date").asString() + "|" + entry.get("table").asString();
	}

	private void assertProblem(String uri, String detail) {
		ResponseEntity<JsonNode> response = get(uri);
		assertThat(response.getStatusCode()).as(uri).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getHeaders().getContentType().toString()).startsWith("application/problem+json");
		assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		// the detail, or for a parameter out of its bounds the errors beside it, says what to fix
		assertThat(response.getBody().get("detail").asString() + " " + response.getBody().path("errors"))
			.as(uri)
			.containsIgnoringCase(detail);
	}

	private ResponseEntity<JsonNode> get(String uri) {
		return api.get().uri(uri).retrieve().toEntity(JsonNode.class);
	}

}
