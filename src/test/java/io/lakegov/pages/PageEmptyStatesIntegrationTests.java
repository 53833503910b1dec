package io.lakegov.pages;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoreReset;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the pages say when a list is empty: why, in words that hold for the filter chosen, and never that every
 * table was read when the inventory lists none; and which order of a list is the current one, however the
 * address spells it. The catalog sync is off, so that the inventory stays as empty as the test leaves it.
 */
@IntegrationTest(properties = "lakegov.catalog.enabled=false")
class PageEmptyStatesIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	UsageFactRepository facts;

	@Autowired
	TransactionTemplate tx;

	@Test
	void anEmptyListSaysWhyForTheFilterChosen() throws Exception {
		StoreReset.reset(jdbc);
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		assertThat(session.get("/unused").body()).contains("id=\"inventory-empty\"", "The lakehouse inventory lists no table yet")
			.doesNotContain("Every table the lakehouse lists was read");
		assertThat(session.get("/retention?kind=raise").body()).contains("No proposal of this kind.")
			.doesNotContain("Nothing to change");
		assertThat(session.get("/changes?change=RENAMED").body()).contains("No change of this kind in these days.")
			.doesNotContain("No table appeared, vanished or was renamed");
		assertThat(session.get("/changes").body()).contains("No table appeared, vanished or was renamed in these days.");
		assertThat(session.get("/rankings?usersBy=duration").body()).contains("Nobody read a table in these days.")
			.doesNotContain("Nobody read or wrote");
		assertThat(session.get("/rankings").body()).contains("Nobody read or wrote a table in these days.");
	}

	@Test
	void theCurrentOrderOfQueryGroupsIsMarkedHoweverTheAddressSpellsIt() throws Exception {
		String c = UsageFixtures.unique("sort");
		String table = c + ".s.orders";
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(c + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS)).reads(table).done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/tables/" + table + "?queriesSort=LASTRUN").body();

		assertThat(page).contains("aria-current=\"true\">latest run</a>");
		assertThat(page).doesNotContain("aria-current=\"true\">most statements</a>");
	}

}
