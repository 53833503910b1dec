package io.lakegov.views;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.lakegov.support.RollupAssertions;
import io.lakegov.support.TestApi;
import io.lakegov.support.IntegrationTest;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statements that read several views of one table, counted once, on a month of its own: t ← a ← b and t ← w
 * from the first day, t ← x defined on the tenth after statements read it (and loaded after them), w renamed
 * w2 on the fifteenth (loaded after the reads of w2). The overlaps are the same whether the sets are looked
 * up by pairs of views or read for the whole window, and the answers built on them are the hand-counted ones.
 */
@IntegrationTest
class ViewOverlapsIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	GenerationCache cache;

	@Autowired
	Views views;

	String c;

	String t;

	String a;

	String b;

	String w;

	String w2;

	String x;

	LocalDate first;

	@BeforeEach
	void loadFacts() {
		c = UsageFixtures.unique("ov");
		t = c + ".s.t";
		a = c + ".s.a";
		b = c + ".s.b";
		w = c + ".s.w";
		w2 = c + ".s.w2";
		x = c + ".s.x";
		first = LocalDate.of(2017, 6, 1).plusMonths(ThreadLocalRandom.current().nextInt(96));
		load().statement(c + "-1", user("dev"), day(1)).kind("CREATE_VIEW").reads(t).writes(a).done()
			.statement(c + "-2", user("dev"), day(1).plusSeconds(60)).kind("CREATE_VIEW").reads(a).writes(b).done()
			.statement(c + "-3", user("dev"), day(1).plusSeconds(120)).kind("CREATE_VIEW").reads(t).writes(w).done()
			.statement(c + "-4", user("ann"), day(5)).reads(a).reads(w).done()
			.statement(c + "-5", user("ann"), day(5).plusSeconds(60)).reads(a).reads(b).reads(w).done()
			.statement(c + "-6", user("bob"), day(5)).reads(x).reads(w).done()
			.statement(c + "-7", user("dan"), day(6)).through("JOB", c + "-job").reads(a).reads(w).done()
			.statement(c + "-9", user("bob"), day(12)).reads(x).reads(w).done()
			.statement(c + "-11", user("carol"), day(20)).reads(w2).reads(a).done()
			.statement(c + "-12", user("carol"), day(20).plusSeconds(60)).reads(t).done()
			.load();
		load().statement(c + "-8", user("dev"), day(10)).kind("CREATE_VIEW").reads(t).writes(x).done()
			.statement(c + "-10", user("dev"), day(15)).kind("ALTER_TABLE").writes(w).writes(w2).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, c + ".%");
	}

	@Test
	void pairsOfViewsFindTheSameOverlapsAsTheWholeWindow() {
		DateRange month = new DateRange(first, first.plusMonths(1).minusDays(1));
		List<ViewOverlaps.Entry> entries = new ArrayList<>();
		views.reachingAny(month).forEach((base, reaches) -> reaches.segments()
			.forEach(segment -> entries.add(new ViewOverlaps.Entry(base, segment.view(), segment.from(), segment.to()))));
		List<ViewOverlaps.Entry> mine = entries.stream().filter(entry -> entry.base().startsWith(c)).toList();
		var byPairs = sorted(new ViewOverlaps(jdbc, cache).counted(mine));
		var byWindow = sorted(new ViewOverlaps(jdbc, cache, 0).counted(mine));
		assertThat(byPairs).isEqualTo(byWindow);
		assertThat(byPairs).as("ann's two statements on t, bob's once x reached t, dan's job, carol's through w2")
			.containsExactly(new ViewOverlaps.Overlap(t, user("ann"), "ADHOC", 3),
					new ViewOverlaps.Overlap(t, user("bob"), "ADHOC", 1),
					new ViewOverlaps.Overlap(t, user("carol"), "ADHOC", 1),
					new ViewOverlaps.Overlap(t, user("dan"), "JOB", 1));
	}

	@Test
	void theRankingOfUsersCountsEachStatementOnceAndEveryTableOnce() {
		String window = "from=" + first + "&to=" + first.plusMonths(1).minusDays(1);
		JsonNode all = get("/api/v1/rankings/users?indirect=true&limit=1000&" + window);
		List<String> rows = all.valueStream()
			.filter(rank -> rank.get("user").asString().startsWith(c))
			.map(rank -> rank.get("user").asString().substring(c.length() + 1) + " " + rank.get("reads").asLong() + " "
					+ rank.get("writes").asLong() + " " + rank.get("indirectReads").asLong() + " "
					+ rank.get("tables").asLong())
			.toList();
		assertThat(rows).containsExactly("dev 4 6 1 6", "ann 5 0 3 4", "bob 4 0 2 3", "carol 3 0 1 3", "dan 2 0 1 3");
		JsonNode top = get("/api/v1/rankings/users?indirect=true&limit=3&" + window);
		assertThat(top.valueStream().toList()).as("the top three of the whole ranking, figures and all")
			.isEqualTo(all.valueStream().limit(3).toList());
	}

	@Test
	void oneUsersTablesAndTheImpactCountEachStatementOnce() {
		String window = "from=" + first + "&to=" + first.plusMonths(1).minusDays(1);
		JsonNode tables = get("/api/v1/users/" + user("ann") + "/tables?indirect=true&" + window);
		List<String> rows = tables.get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString().substring(c.length() + 1) + " " + item.get("access").asString()
					+ " " + item.get("reads").asLong())
			.toList();
		assertThat(rows).containsExactly("s.a DIRECT 2", "s.t VIA 2", "s.w DIRECT 2", "s.a VIA 1", "s.b DIRECT 1");
		JsonNode bob = get("/api/v1/users/" + user("bob") + "/tables?indirect=true&" + window);
		assertThat(bob.get("tables").get("items").valueStream()
			.filter(item -> item.get("table").asString().equals(t))
			.map(item -> item.get("reads").asLong())
			.toList()).as("x reaches t from the tenth only: bob's first statement through w, his second once")
			.containsExactly(2L);
		JsonNode evidence = get("/api/v1/tables/" + t + "/impact?lookbackDays=3660").get("evidence");
		assertThat(evidence.get("indirectReads").asLong()).as("dev's CREATE of b, ann 2, bob 2, dan, carol")
			.isEqualTo(7);
		assertThat(evidence.get("indirectEtlReads").asLong()).isEqualTo(1);
		assertThat(evidence.get("indirectReaders").asLong()).as("ann, bob and dan: dev and carol read t").isEqualTo(3);
	}

	private static List<ViewOverlaps.Overlap> sorted(List<ViewOverlaps.Overlap> overlaps) {
		return overlaps.stream()
			.sorted(Comparator.comparing(ViewOverlaps.Overlap::base).thenComparing(ViewOverlaps.Overlap::user)
				.thenComparing(ViewOverlaps.Overlap::sourceKind))
			.toList();
	}

	private String user(String name) {
		return c + "-" + name;
	}

	private Instant day(int day) {
		return first.plusDays(day - 1L).atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(10 * 3600);
	}

	private UsageFixtures load() {
		return UsageFixtures.facts(repository, tx, ZoneOffset.UTC);
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
