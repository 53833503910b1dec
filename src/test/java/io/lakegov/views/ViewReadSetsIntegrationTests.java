package io.lakegov.views;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import io.lakegov.usage.ViewReadSets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statements that read several views, kept at ingest whatever the view graph says: views defined after
 * their reads arrived, re-runs, re-analysed statements, a view redefined to read another table, a rename
 * and an inventory view; the rollup always equals the facts, and the impact report counts each statement
 * once for the table.
 */
@IntegrationTest
class ViewReadSetsIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	ViewReadSets viewSets;

	@Autowired
	TransactionTemplate tx;

	@Autowired
	JdbcClient jdbc;

	@Test
	void theSetsFollowTheFactsAndTheViewNamesAsTheyArrive() {
		String c = UsageFixtures.unique("vs");
		String t = c + ".s.t";
		String u = c + ".s.u";
		String a = c + ".s.a";
		String b = c + ".s.b";
		String d = c + ".s.d";
		String renamed = c + ".s.a2";
		String inventoried = c + ".s.x";
		String pattern = c + ".%";
		load().statement(c + "-1", "ann", day(5)).reads(a).reads(b).done()
			.statement(c + "-2", "bob", day(5)).through("JOB", "j1").reads(a).reads(b).reads(t).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(statements(c)).as("no views yet").isZero();

		load().statement(c + "-v1", "dev", day(10)).kind("CREATE_VIEW").reads(t).writes(a).done()
			.statement(c + "-v2", "dev", day(10)).kind("CREATE_VIEW").reads(t).writes(b).done()
			.statement(c + "-v3", "dev", day(10)).kind("CREATE_VIEW").reads(t).writes(d).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(statements(c)).as("the views defined later move the earlier reads").isEqualTo(2);
		assertThat(indirectReads(t)).as("ann's and bob's statements, once each").isEqualTo(2);
		assertThat(impact(t).get("indirectEtlReads").asLong()).isEqualTo(1);

		load().statement(c + "-1", "ann", day(5)).reads(a).reads(b).done()
			.statement(c + "-2", "bob", day(5)).through("JOB", "j1").reads(a).reads(b).reads(t).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(statements(c)).as("a re-run changes nothing").isEqualTo(2);

		load().statement(c + "-1", "ann", day(5)).reads(a).done().load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(statements(c)).as("ann's statement analysed again reads one view").isEqualTo(1);
		assertThat(indirectReads(t)).isEqualTo(2);

		load().statement(c + "-v4", "dev", day(3)).kind("CREATE_VIEW").reads(u).writes(b).done()
			.statement(c + "-3", "carol", day(2)).reads(a).reads(b).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(indirectReads(t)).as("b reads u since day 3: carol's statement reaches t through a alone")
			.isEqualTo(3);
		assertThat(indirectReads(u)).isEqualTo(1);

		load().statement(c + "-4", "dan", day(1)).reads(renamed).reads(d).done().load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(indirectReads(t)).as("a2 is no view yet").isEqualTo(4);
		load().statement(c + "-r", "dev", day(2).plusSeconds(60)).kind("ALTER_TABLE").writes(a).writes(renamed).done()
			.load();
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(indirectReads(t)).as("dan reached t through a2 (a renamed) and d: once").isEqualTo(4);
		assertThat(impact(t).get("views").asLong()).isEqualTo(4);

		load().statement(c + "-5", "erin", day(1)).reads(inventoried).reads(d).done().load();
		tx.executeWithoutResult(status -> viewSets.addViews(List.of(inventoried)));
		RollupAssertions.assertViewReadSetsMatchFacts(jdbc, pattern);
		assertThat(jdbc.sql("SELECT count(*) FROM view_read_set_daily WHERE :x = ANY(views)")
			.param("x", inventoried)
			.query(Long.class)
			.single()).as("an inventory view moves the statements that read it").isEqualTo(1);
		RollupAssertions.assertTableRollupsMatchFacts(jdbc, pattern);
	}

	private UsageFixtures load() {
		return UsageFixtures.facts(repository, tx, ZoneOffset.UTC);
	}

	private long statements(String prefix) {
		return jdbc.sql("""
				SELECT coalesce(sum(statements), 0) FROM view_read_set_daily
				WHERE EXISTS (SELECT 1 FROM unnest(views) AS v (name) WHERE v.name LIKE :p)""")
			.param("p", prefix + ".%")
			.query(Long.class)
			.single();
	}

	private long indirectReads(String table) {
		return impact(table).get("indirectReads").asLong();
	}

	private JsonNode impact(String table) {
		var response = TestApi.withKey(port).get().uri("/api/v1/tables/" + table + "/impact").retrieve()
			.toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		return response.getBody().get("evidence");
	}

	private static Instant day(int daysAgo) {
		return Instant.now().truncatedTo(ChronoUnit.DAYS).minus(daysAgo, ChronoUnit.DAYS).plus(10, ChronoUnit.HOURS);
	}

}
