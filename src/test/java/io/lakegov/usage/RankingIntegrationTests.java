package io.lakegov.usage;

import java.time.Instant;
import java.time.ZoneOffset;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** Rankings cover every table, so each test uses business days no other test uses. */
@IntegrationTest
class RankingIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Test
	void ranksTablesByReadsAndByDistinctReaders() {
		String c = UsageFixtures.unique("rk");
		Instant day = Instant.parse("2019-01-10T08:00:00Z");
		var fixtures = UsageFixtures.facts(repository, tx, ZoneOffset.UTC);
		for (int i = 0; i < 5; i++) {
			fixtures.statement(c + "-hot-" + i, "robot", day.plusSeconds(i)).reads(c + ".s.hot");
		}
		fixtures.statement(c + "-wide-1", "ann", day).reads(c + ".s.wide")
			.done().statement(c + "-wide-2", "bob", day).reads(c + ".s.wide")
			.done().statement(c + "-wide-3", "cy", day.plusSeconds(86_400)).reads(c + ".s.wide")
			.done().load();
		JsonNode byReads = get("/api/v1/rankings/tables?from=2019-01-10&to=2019-01-11");
		assertThat(byReads.get(0).get("table").asString()).isEqualTo(c + ".s.hot");
		assertThat(byReads.get(0).get("reads").asLong()).isEqualTo(5);
		assertThat(byReads.get(1).get("reads").asLong()).isEqualTo(3);
		JsonNode byUsers = get("/api/v1/rankings/tables?from=2019-01-10&to=2019-01-11&by=users&limit=1");
		assertThat(byUsers).hasSize(1);
		assertThat(byUsers.get(0).get("table").asString()).isEqualTo(c + ".s.wide");
		assertThat(byUsers.get(0).get("users").asLong()).isEqualTo(3);
		assertThat(get("/api/v1/rankings/tables?from=2019-01-11&to=2019-01-11").get(0).get("table").asString())
			.isEqualTo(c + ".s.wide");
	}

	@Test
	void ranksUsersAndListsWhatOneUserUsed() {
		String c = UsageFixtures.unique("ru");
		Instant day = Instant.parse("2019-02-10T08:00:00Z");
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", c + "-eve", day).kind("INSERT").reads(c + ".s.a").writes(c + ".s.b").done()
			.statement(c + "-2", c + "-eve", day).reads(c + ".s.a").done()
			.statement(c + "-3", c + "-eve", day).timeTravels(c + ".s.a").done()
			.statement(c + "-4", c + "-fay", day).reads(c + ".s.a").done()
			.load();
		JsonNode users = get("/api/v1/rankings/users?from=2019-02-10&to=2019-02-10");
		assertThat(users.get(0).get("user").asString()).isEqualTo(c + "-eve");
		assertThat(users.get(0).get("reads").asLong()).isEqualTo(3);
		assertThat(users.get(0).get("writes").asLong()).isEqualTo(1);
		assertThat(users.get(0).get("tables").asLong()).isEqualTo(2);
		JsonNode tables = get("/api/v1/users/" + c + "-eve/tables?from=2019-02-01&to=2019-02-28").get("tables");
		assertThat(tables.get("totalItems").asLong()).isEqualTo(2);
		JsonNode a = tables.get("items").get(0);
		assertThat(a.get("table").asString()).isEqualTo(c + ".s.a");
		assertThat(a.get("reads").asLong()).isEqualTo(3);
		assertThat(a.get("timeTravelReads").asLong()).isEqualTo(1);
		assertThat(tables.get("items").get(1).get("writes").asLong()).isEqualTo(1);
		JsonNode paged = get("/api/v1/users/" + c + "-eve/tables?from=2019-02-01&to=2019-02-28&size=1&page=1")
			.get("tables");
		assertThat(paged.get("items").get(0).get("table").asString()).isEqualTo(c + ".s.b");
		assertThat(paged.get("totalPages").asLong()).isEqualTo(2);
	}

	@Test
	void answersAFreshRankingOnceABatchCommitsAndLeavesUsersOutWhenRankedByReads() {
		String c = UsageFixtures.unique("rg");
		Instant day = Instant.parse("2019-03-10T08:00:00Z");
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC).statement(c + "-1", c + "-ann", day).reads(c + ".s.t").done()
			.load();
		JsonNode before = get("/api/v1/rankings/tables?from=2019-03-10&to=2019-03-10");
		assertThat(before.get(0).get("reads").asLong()).isEqualTo(1);
		assertThat(before.get(0).has("users")).isFalse();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC).statement(c + "-2", c + "-bob", day).reads(c + ".s.t").done()
			.load();
		assertThat(get("/api/v1/rankings/tables?from=2019-03-10&to=2019-03-10").get(0).get("reads").asLong()).isEqualTo(2);
		assertThat(get("/api/v1/rankings/tables?from=2019-03-10&to=2019-03-10&by=users").get(0).get("users").asLong())
			.isEqualTo(2);
		// other tests' facts may share the day (their days are drawn at random): only this test's users count here
		assertThat(get("/api/v1/rankings/users?from=2019-03-10&to=2019-03-10").valueStream()
			.map(user -> user.get("user").asString())
			.filter(user -> user.startsWith(c))).containsExactlyInAnyOrder(c + "-ann", c + "-bob");
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
