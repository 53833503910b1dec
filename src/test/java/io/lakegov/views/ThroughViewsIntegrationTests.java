package io.lakegov.views;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads through views, from facts loaded as ingestion loads them: t ← v1 ← v2 and t ← v3, v1 replaced three
 * days ago to read u instead, v3 dropped four days ago.
 */
@IntegrationTest
class ThroughViewsIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	RestClient api;

	final Instant midnight = Instant.now().truncatedTo(ChronoUnit.DAYS);

	String t;

	String u;

	String v1;

	String v2;

	String v3;

	@BeforeEach
	void loadFacts() {
		api = TestApi.withKey(port);
		String c = UsageFixtures.unique("vw");
		t = c + ".s.t";
		u = c + ".s.u";
		v1 = c + ".s.v1";
		v2 = c + ".s.v2";
		v3 = c + ".s.v3";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "dev", day(10)).kind("CREATE_VIEW").reads(t).writes(v1).done()
			.statement(c + "-2", "dev", day(10).plusSeconds(60)).kind("CREATE_VIEW").reads(v1).writes(v2).done()
			.statement(c + "-3", "dev", day(10).plusSeconds(120)).kind("CREATE_VIEW").reads(t).writes(v3).done()
			.statement(c + "-4", "ann", day(5)).through("DASHBOARD", "d1").reads(v2).done()
			.statement(c + "-5", "bob", day(5)).through("NOTEBOOK", "n1").reads(v1).done()
			.statement(c + "-6", "carol", day(5)).reads(t).done()
			.statement(c + "-7", "erin", day(6)).reads(v3).done()
			.statement(c + "-8", "dev", day(4)).kind("DROP_VIEW").writes(v3).done()
			.statement(c + "-9", "dev", day(3)).kind("CREATE_VIEW").reads(u).writes(v1).done()
			.statement(c + "-10", "dan", day(2)).reads(v2).done()
			.statement(c + "-11", "erin", day(2)).reads(v3).done()
			.load();
	}

	@Test
	void readersWithIndirectReadsSayDirectOrViaWithThePaths() {
		JsonNode answer = get("/api/v1/tables/" + t + "/readers?indirect=true");
		List<String> rows = answer.get("users").get("items").valueStream()
			.map(item -> item.get("user").asString() + " " + item.get("access").asString() + " "
					+ item.get("statements").asLong() + " " + paths(item.get("via")))
			.toList();
		assertThat(rows).as("dev created v1 and v3 from t, and v2 from v1").containsExactly("dev DIRECT 2 []",
				"ann VIA 1 [" + t + " ← " + v1 + " ← " + v2 + "]", "bob VIA 1 [" + t + " ← " + v1 + "]",
				"carol DIRECT 1 []", "dev VIA 1 [" + t + " ← " + v1 + "]", "erin VIA 1 [" + t + " ← " + v3 + "]");
		JsonNode ann = answer.get("users").get("items").get(1);
		assertThat(ann.get("via").get(0).get("views").valueStream().map(JsonNode::asString).toList())
			.containsExactly(v1, v2);
		assertThat(ann.get("sources").get(0).get("kind").asString()).isEqualTo("DASHBOARD");
		assertThat(answer.get("throughViews").get("maxDepth").asInt()).isEqualTo(ViewGraph.MAX_DEPTH);
	}

	@Test
	void readersWithoutTheParameterAnswerAsBefore() {
		JsonNode answer = get("/api/v1/tables/" + t + "/readers");
		assertThat(answer.has("throughViews")).isFalse();
		JsonNode items = answer.get("users").get("items");
		assertThat(items.valueStream().map(item -> item.get("user").asString()).toList()).containsExactly("dev", "carol");
		assertThat(items.get(0).has("access")).isFalse();
		assertThat(items.get(0).has("via")).isFalse();
	}

	@Test
	void aReplacedViewReadsItsNewTablesFromTheDayItWasReplaced() {
		JsonNode answer = get("/api/v1/tables/" + u + "/readers?indirect=true");
		List<String> rows = answer.get("users").get("items").valueStream()
			.map(item -> item.get("user").asString() + " " + item.get("access").asString() + " " + paths(item.get("via")))
			.toList();
		assertThat(rows).containsExactly("dan VIA [" + u + " ← " + v1 + " ← " + v2 + "]", "dev DIRECT []");
	}

	@Test
	void impactOfTheBaseTableListsTheViewsAndTheReadersWhoReachItOnlyThroughThem() {
		JsonNode impact = get("/api/v1/tables/" + t + "/impact?lookbackDays=30");
		List<String> views = impact.get("views").valueStream()
			.map(view -> view.get("depth").asInt() + " " + view.get("path").get("path").asString() + " "
					+ view.get("kind").asString())
			.toList();
		assertThat(views).containsExactly("1 " + t + " ← " + v1 + " VIEW", "1 " + t + " ← " + v3 + " VIEW",
				"2 " + t + " ← " + v1 + " ← " + v2 + " VIEW");
		JsonNode chain = impact.get("views").get(2);
		assertThat(chain.get("from").asString()).isEqualTo(LocalDate.ofInstant(day(10), ZoneOffset.UTC).toString());
		assertThat(chain.get("to").asString()).as("v1 read u from the day it was replaced")
			.isEqualTo(LocalDate.ofInstant(day(4), ZoneOffset.UTC).toString());
		List<String> readers = impact.get("indirectReaders").valueStream()
			.map(reader -> reader.get("user").asString() + " " + paths(reader.get("paths")))
			.toList();
		assertThat(readers).containsExactly("ann [" + t + " ← " + v1 + " ← " + v2 + " ← ann]",
				"bob [" + t + " ← " + v1 + " ← bob]", "erin [" + t + " ← " + v3 + " ← erin]");
		JsonNode evidence = impact.get("evidence");
		assertThat(evidence.get("views").asLong()).isEqualTo(3);
		assertThat(evidence.get("indirectReads").asLong()).as("ann, bob, erin before the drop, dev's CREATE of v2")
			.isEqualTo(4);
		assertThat(evidence.get("indirectReaders").asLong()).isEqualTo(3);
	}

	@Test
	void theVerdictCountsReadsThroughViews() {
		String c = UsageFixtures.unique("vv");
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "etl", day(3)).through("JOB", "9").kind("CREATE_VIEW").reads(c + ".s.base")
				.writes(c + ".s.v").done()
			.statement(c + "-2", "etl", day(2)).through("JOB", "9").reads(c + ".s.v").done()
			.load();
		assertThat(get("/api/v1/tables/" + c + ".s.base/impact").get("verdict").asString()).isEqualTo("READ_ONLY_BY_ETL");
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-3", "ann", day(1)).through("DASHBOARD", "d").reads(c + ".s.v").done()
			.load();
		JsonNode impact = get("/api/v1/tables/" + c + ".s.base/impact");
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		assertThat(impact.get("evidence").get("indirectEtlReads").asLong()).isEqualTo(1);
		assertThat(impact.get("evidence").get("reads").asLong()).as("direct reads stay direct").isEqualTo(1);
	}

	@Test
	void refusesCyclesAndSaysSo() {
		String c = UsageFixtures.unique("cy");
		String base = c + ".s.base";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "dev", day(9)).kind("CREATE_VIEW").reads(base).writes(c + ".s.a").done()
			.statement(c + "-2", "dev", day(9).plusSeconds(10)).kind("CREATE_VIEW").reads(c + ".s.a").writes(c + ".s.b").done()
			.statement(c + "-3", "dev", day(9).plusSeconds(20)).kind("CREATE_VIEW").reads(c + ".s.b").reads(base)
				.writes(c + ".s.a").done()
			.statement(c + "-4", "ann", day(2)).reads(c + ".s.a").done()
			.load();
		JsonNode answer = get("/api/v1/tables/" + base + "/readers?indirect=true");
		assertThat(answer.get("throughViews").get("refusedCycles").valueStream().map(JsonNode::asString).toList())
			.contains(base + " ← " + c + ".s.a ← " + c + ".s.b ← " + c + ".s.a");
		assertThat(answer.get("users").get("items").valueStream().map(item -> item.get("user").asString()).toList())
			.contains("ann");
	}

	@Test
	void rankingsWithIndirectReadsCountTheViewsReads() {
		JsonNode ranking = get("/api/v1/rankings/tables?limit=1000&indirect=true");
		JsonNode mine = ranking.valueStream().filter(rank -> rank.get("table").asString().equals(t)).findFirst().orElseThrow();
		assertThat(mine.get("reads").asLong()).isEqualTo(3);
		assertThat(mine.get("indirectReads").asLong()).isEqualTo(4);
		JsonNode byUsers = get("/api/v1/rankings/tables?limit=1000&by=users&indirect=true");
		JsonNode users = byUsers.valueStream().filter(rank -> rank.get("table").asString().equals(t)).findFirst().orElseThrow();
		assertThat(users.get("users").asLong()).as("carol, dev, ann, bob, erin").isEqualTo(5);
		JsonNode plain = get("/api/v1/rankings/tables?limit=1000");
		assertThat(plain.valueStream().noneMatch(rank -> rank.has("indirectReads"))).isTrue();
	}

	@Test
	void usersReadTheTablesBehindTheViewsTheyReadAndAStatementReadingTwoViewsOfATableCountsOnce() {
		String c = UsageFixtures.unique("vu");
		String base = c + ".s.t";
		String a = c + ".s.v1";
		String b = c + ".s.v2";
		String w = c + ".s.w";
		String ann = c + "-ann";
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", c + "-dev", day(10)).kind("CREATE_VIEW").reads(base).writes(a).done()
			.statement(c + "-2", c + "-dev", day(10).plusSeconds(60)).kind("CREATE_VIEW").reads(a).writes(b).done()
			.statement(c + "-3", c + "-dev", day(10).plusSeconds(120)).kind("CREATE_VIEW").reads(base).writes(w).done()
			.statement(c + "-4", ann, day(5)).reads(b).done()
			.statement(c + "-5", ann, day(5).plusSeconds(60)).reads(a).reads(w).done()
			.statement(c + "-6", c + "-bob", day(4)).reads(base).done()
			.statement(c + "-7", c + "-etl", day(5)).through("JOB", c + "-job").reads(a).reads(w).done()
			.load();

		JsonNode tables = get("/api/v1/users/" + ann + "/tables?indirect=true");
		List<String> rows = tables.get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString() + " " + item.get("access").asString() + " "
					+ item.get("reads").asLong() + " " + paths(item.get("via")))
			.toList();
		assertThat(rows).as("the second statement reaches t through v1 and w and reads it once").containsExactly(
				base + " VIA 2 [" + base + " ← " + a + ", " + base + " ← " + a + " ← " + b + ", " + base + " ← " + w + "]",
				a + " DIRECT 1 []", a + " VIA 1 [" + a + " ← " + b + "]", b + " DIRECT 1 []", w + " DIRECT 1 []");
		assertThat(tables.get("tables").get("totalItems").asLong()).isEqualTo(5);
		assertThat(get("/api/v1/users/" + ann + "/tables").get("tables").get("items").get(0).has("access")).isFalse();

		JsonNode ranking = get("/api/v1/rankings/users?limit=1000&indirect=true");
		JsonNode annRank = ranking.valueStream().filter(rank -> rank.get("user").asString().equals(ann)).findFirst()
			.orElseThrow();
		assertThat(annRank.get("reads").asLong()).isEqualTo(3);
		assertThat(annRank.get("indirectReads").asLong()).as("t twice, v1 once").isEqualTo(3);
		assertThat(annRank.get("tables").asLong()).isEqualTo(4);
		assertThat(get("/api/v1/rankings/users?limit=1000").valueStream().noneMatch(rank -> rank.has("indirectReads")))
			.isTrue();

		JsonNode readers = get("/api/v1/tables/" + base + "/readers?indirect=true");
		JsonNode annReads = readers.get("users").get("items").valueStream()
			.filter(item -> item.get("user").asString().equals(ann)).findFirst().orElseThrow();
		assertThat(annReads.get("statements").asLong()).isEqualTo(2);
		JsonNode tableRanking = get("/api/v1/rankings/tables?limit=1000&indirect=true");
		JsonNode mine = tableRanking.valueStream().filter(rank -> rank.get("table").asString().equals(base)).findFirst()
			.orElseThrow();
		assertThat(mine.get("indirectReads").asLong()).as("ann's two statements, the job's and the CREATE of v2")
			.isEqualTo(4);

		JsonNode impact = get("/api/v1/tables/" + base + "/impact");
		JsonNode evidence = impact.get("evidence");
		assertThat(evidence.get("indirectReads").asLong()).as("ann's two statements, the job's and the CREATE of v2")
			.isEqualTo(4);
		assertThat(evidence.get("indirectEtlReads").asLong()).as("the job's statement read v1 and w, once").isEqualTo(1);
		List<String> indirect = impact.get("indirectReaders").valueStream()
			.map(reader -> reader.get("user").asString() + " " + reader.get("statements").asLong())
			.toList();
		assertThat(indirect).contains(ann + " 2", c + "-etl 1");
	}

	@Test
	void answersProblemDetailsOnABadIndirectValue() {
		for (String uri : List.of("/api/v1/tables/" + t + "/readers?indirect=maybe",
				"/api/v1/rankings/tables?indirect=2")) {
			var response = api.get().uri(uri).retrieve().toEntity(JsonNode.class);
			assertThat(response.getStatusCode().value()).as(uri).isEqualTo(400);
			assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
			assertThat(response.getBody().get("type").asString()).isEqualTo("https://lakegov.io/problems/validation");
		}
	}

	/** 10:00 UTC, days before the day the test began: facts and expectations agree when midnight passes. */
	private Instant day(int daysAgo) {
		return midnight.minus(daysAgo, ChronoUnit.DAYS).plus(10, ChronoUnit.HOURS);
	}

	private static List<String> paths(JsonNode paths) {
		if (paths == null) {
			return List.of();
		}
		return paths.valueStream().map(path -> path.isString() ? path.asString() : path.get("path").asString()).toList();
	}

	private JsonNode get(String uri) {
		var response = api.get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
