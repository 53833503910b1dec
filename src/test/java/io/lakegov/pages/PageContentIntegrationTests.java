package io.lakegov.pages;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the pages say: a table's page names what a rename or drop breaks (the views built on it with how they
 * reach it, the tables written from it and those it is written from) and keeps long lists of sources short;
 * a user's page claims no cost for reads through views; search says when it shows only its first results.
 */
@IntegrationTest
class PageContentIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository facts;

	@Autowired
	TransactionTemplate tx;

	@Test
	void listsTheViewsAndTablesBuiltFromTheTable() throws Exception {
		String c = UsageFixtures.unique("built");
		String base = c + ".s.orders";
		Instant now = Instant.now();
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(c + "-1", "dev", now.minus(10, ChronoUnit.DAYS)).kind("CREATE_VIEW").reads(base)
			.writes(c + ".s.orders_v").done()
			.statement(c + "-2", "dev", now.minus(10, ChronoUnit.DAYS).plusSeconds(60)).kind("CREATE_VIEW")
			.reads(c + ".s.orders_v").writes(c + ".s.orders_gold").done()
			.statement(c + "-3", "etl", now.minus(3, ChronoUnit.DAYS)).kind("INSERT").reads(base)
			.writes(c + ".s.daily_sales").done()
			.statement(c + "-4", "etl", now.minus(2, ChronoUnit.DAYS)).kind("INSERT").reads(base)
			.writes(c + ".s.daily_sales").done()
			.statement(c + "-5", "etl", now.minus(2, ChronoUnit.DAYS)).kind("MERGE").reads(c + ".s.orders_raw")
			.writes(base).done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/tables/" + base).body();

		String built = section(page, "built");
		assertThat(built).contains("What a rename or drop breaks", "Views built on it",
				"href=\"/tables/" + c + ".s.orders_v\"", "href=\"/tables/" + c + ".s.orders_gold\"",
				base + " ← " + c + ".s.orders_v ← " + c + ".s.orders_gold");
		assertThat(table(built, "downstream")).contains("href=\"/tables/" + c + ".s.daily_sales\"", ">2<");
		assertThat(table(built, "upstream")).contains("href=\"/tables/" + c + ".s.orders_raw\"", ">1<")
			.doesNotContain("daily_sales");

		String alone = session.get("/tables/" + c + ".s.orders_raw").body();
		assertThat(section(alone, "built")).contains("Tables written from it", base)
			.doesNotContain("Views built on it");
		String nothing = session.get("/tables/" + c + ".s.orders_gold").body();
		assertThat(section(nothing, "built")).contains("No view is built on it");
	}

	@Test
	void aTableUnreadInTheDaysShownButReadInTheQuarterSaysSoUnderItsVerdict() throws Exception {
		String c = UsageFixtures.unique("wide");
		String table = c + ".s.orders";
		Instant now = Instant.now();
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(c + "-1", "ann", now.minus(60, ChronoUnit.DAYS)).reads(table).done()
			.statement(c + "-2", "etl", now.minus(1, ChronoUnit.DAYS)).kind("INSERT").writes(table).done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String month = session.get("/tables/" + table).body();
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		assertThat(month).contains("Nobody read this table", "id=\"wider\"",
				"But this table was read in the 90 days up to " + today + ": 1 statement",
				"href=\"/tables/" + table + "?to=" + today + "&amp;from=" + today.minusDays(89) + "\"");
		String quarter = session.get("/tables/" + table + "?from=" + today.minusDays(89) + "&to=" + today).body();
		assertThat(quarter).contains("People use this table")
			.doesNotContain("id=\"wider\"")
			.as("a link to another page of days keeps the days chosen")
			.contains("href=\"/users/ann?from=" + today.minusDays(89) + "&amp;to=" + today + "\"");
		assertThat(month).as("and adds none to a page of its default days").contains("href=\"/users/etl\"")
			.doesNotContain("href=\"/users/etl?");
	}

	@Test
	void aUserPageShowsNoCostForATableReadThroughViews() throws Exception {
		String c = UsageFixtures.unique("via");
		String user = c + "@corp.example";
		Instant now = Instant.now();
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(c + "-1", "dev", now.minus(10, ChronoUnit.DAYS)).kind("CREATE_VIEW").reads(c + ".s.base")
			.writes(c + ".s.base_v").done()
			.statement(c + "-2", user, now.minus(2, ChronoUnit.DAYS)).reads(c + ".s.base_v").done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/users/" + user).body();

		int row = page.indexOf("href=\"/tables/" + c + ".s.base\"");
		assertThat(row).as("the base table, reached through the view").isNotNegative();
		String cells = page.substring(row, page.indexOf("</tr>", row));
		assertThat(cells).contains("through views", c + ".s.base ← " + c + ".s.base_v", "not counted through views")
			.doesNotContain(">0 B<");
	}

	@Test
	void aReaderThroughManyNotebooksShowsTheFirstTenAndHowManyMore() throws Exception {
		String c = UsageFixtures.unique("many");
		var facts = UsageFixtures.facts(this.facts, tx, ZoneOffset.UTC);
		for (int i = 0; i < 12; i++) {
			facts.statement(c + "-" + i, "sched", Instant.now().minus(1, ChronoUnit.DAYS).plusSeconds(i))
				.through("NOTEBOOK", "nb-" + (100 + i))
				.reads(c + ".s.t")
				.done();
		}
		facts.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String readers = section(session.get("/tables/" + c + ".s.t").body(), "readers");

		assertThat(readers).contains("notebook nb-100", "notebook nb-109", "and 2 more")
			.doesNotContain("nb-110", "nb-111");
	}

	@Test
	void searchSaysWhenItShowsOnlyTheFirstResults() throws Exception {
		String c = UsageFixtures.unique("found");
		var facts = UsageFixtures.facts(this.facts, tx, ZoneOffset.UTC);
		for (int i = 0; i < 51; i++) {
			facts.statement(c + "-" + i, "ann", Instant.now().minus(1, ChronoUnit.DAYS)).reads(c + ".s.t" + i).done();
		}
		facts.statement(c + "-one", "ann", Instant.now().minus(1, ChronoUnit.DAYS)).reads(c + "x.s.only").done();
		facts.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		assertThat(session.get("/search?q=" + c + ".s.t").body())
			.contains("The first 50, those whose name starts with it first; type more of the name to find the others.");
		assertThat(session.get("/search?q=" + c + "x.s").body()).contains(c + "x.s.only").doesNotContain("The first 50");
	}

	/** The section of the page with this id, up to its end. */
	private static String section(String page, String id) {
		int start = page.indexOf("<section aria-labelledby=\"" + id + "-heading\" id=\"" + id + "\">");
		assertThat(start).as("the section " + id).isNotNegative();
		return page.substring(start, page.indexOf("</section>", start));
	}

	private static String table(String html, String id) {
		int start = html.indexOf("<table class=\"data\" id=\"" + id + "\">");
		assertThat(start).as("the table " + id).isNotNegative();
		return html.substring(start, html.indexOf("</table>", start));
	}

}
