package io.lakegov.pages;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every address the pages give out leads where it says, names that need backticks included (a catalog
 * {@code dev-…}, a column {@code order date}); a short name that several tables end with lists them. The column
 * page names the writers and says when the inventory does not list the column. Other days, picked in the
 * form or by a preset, keep the page's other choices and start its lists again.
 */
@IntegrationTest(properties = "lakegov.usage.time-zone=Asia/Tokyo")
class PageNamesIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	UsageFactRepository facts;

	@Autowired
	TransactionTemplate tx;

	private String catalog;

	private String table;

	@BeforeEach
	void readATableWhoseCatalogNeedsBackticks() {
		catalog = UsageFixtures.unique("dev-");
		table = catalog + ".sales.orders";
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(catalog + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads(table)
			.done()
			.statement(catalog + "-2", catalog + "@corp.example", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads(table)
			.done()
			.load();
	}

	@Test
	void linksToANameThatNeedsBackticksOpenItsPage() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		String address = "/tables/%60" + catalog + "%60.sales.orders";

		String results = session.get("/search?q=" + catalog).body();
		assertThat(results).contains("href=\"" + address + "\"", "href=\"/schemas/%60" + catalog + "%60.sales\"",
				"href=\"/users/" + catalog + "@corp.example\"");
		var page = session.get(address);
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("<title>" + table + " · lakegov</title>");
		assertThat(session.get("/schemas/%60" + catalog + "%60.sales").statusCode()).isEqualTo(200);

		JsonNode suggestions = JSON.readTree(session.get("/search/suggestions?q=" + catalog).body());
		assertThat(suggestions.findValuesAsString("url")).contains(address, "/schemas/%60" + catalog + "%60.sales");

		var shouted = session.get("/tables/%60" + catalog.toUpperCase() + "%60.SALES.Orders?from=2026-01-01");
		assertThat(shouted.statusCode()).isEqualTo(302);
		assertThat(shouted.headers().firstValue("Location")).hasValueSatisfying(
				location -> assertThat(location).endsWith(address + "?from=2026-01-01"));

		var column = session.get(address + "/columns/%60order%20date%60");
		assertThat(column.statusCode()).isEqualTo(200);
		assertThat(column.body()).contains("<h1>order date</h1>", "<h2 id=\"writers-heading\">Writers</h2>",
				"Nobody wrote it in these days.", "<section id=\"readers\" aria-labelledby=\"readers-heading\">",
				"href=\"" + address + "/columns/%60order%20date%60?from=")
			.doesNotContain("does not list this");
		jdbc.sql("INSERT INTO column_inventory (table_name, column_name, valid_from) VALUES (:table, 'id', now())")
			.param("table", table)
			.update();
		// answers are cached until the store changes through ingestion: another column, asked for the first time
		assertThat(session.get(address + "/columns/%60ship%20date%60").body())
			.contains("The lakehouse inventory does not list this");
		assertThat(session.get(address + "/columns/id").body()).doesNotContain("does not list this");
	}

	@Test
	void aTableAddressedByPathHasItsNameInTheQueryOfItsAddresses() throws Exception {
		String bucket = UsageFixtures.unique("bucket-");
		String path = "delta.s3://" + bucket + "/raw/events";
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(bucket + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads(path)
			.done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		String address = "/tables?name=delta.%60s3%3A%2F%2F" + bucket + "%2Fraw%2Fevents%60";

		assertThat(session.get("/search?q=" + bucket).body()).contains("href=\"" + address + "\"");
		var page = session.get(address + "&size=10");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("<title>" + path + " · lakegov</title>",
				"<input type=\"hidden\" name=\"name\" value=\"delta.`s3://" + bucket + "/raw/events`\">",
				"href=\"" + address + "&amp;size=10&amp;from=")
			.doesNotContain("History kept and time travel");

		var shouted = session.get("/tables?name=DELTA.%60s3://" + bucket + "/raw/events%60&from=2026-01-01");
		assertThat(shouted.statusCode()).isEqualTo(302);
		assertThat(shouted.headers().firstValue("Location")).hasValueSatisfying(
				location -> assertThat(location).endsWith(address + "&from=2026-01-01"));
		var column = session.get("/columns?table=delta.%60s3://" + bucket + "/raw/events%60&column=id");
		assertThat(column.statusCode()).isEqualTo(200);
		assertThat(column.body()).contains("<h1>id</h1>", "href=\"" + address + "\"");
		assertThat(session.get("/tables").statusCode()).isEqualTo(404);
	}

	@Test
	void otherDaysKeepThePagesOtherChoicesAndStartItsListsAgain() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		ZoneId tokyo = ZoneId.of("Asia/Tokyo");
		LocalDate today;
		String rankings;
		String page;
		do {
			// both pages of one day in Tokyo, whose presets they count back from
			today = LocalDate.now(tokyo);
			rankings = session.get("/rankings?tablesBy=users&limit=5&from=" + today.minusDays(2)).body();
			page = session.get("/tables/%60" + catalog + "%60.sales.orders?queriesSort=duration&readersPage=1&size=10")
				.body();
		}
		while (!today.equals(LocalDate.now(tokyo)));
		assertThat(rankings).contains("<input type=\"hidden\" name=\"tablesBy\" value=\"users\">",
				"<input type=\"hidden\" name=\"limit\" value=\"5\">",
				"href=\"/rankings?tablesBy=users&amp;limit=5&amp;from=" + today.minusDays(6) + "\"",
				"href=\"/rankings?tablesBy=users&amp;limit=5\"");
		assertThat(page).contains("<input type=\"hidden\" name=\"queriesSort\" value=\"duration\">",
				"href=\"/tables/%60" + catalog + "%60.sales.orders?queriesSort=duration&amp;size=10&amp;from="
						+ today.minusDays(89) + "\"")
			.doesNotContain("name=\"readersPage\"");
	}

	@Test
	void aPagePastTheEndOfAListSaysSoAndLinksToTheLastPage() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		String address = "/tables/%60" + catalog + "%60.sales.orders";

		String page = session.get(address + "?readersPage=3&size=1").body();

		assertThat(page).contains("There is no page 4 of readers: there are 2 on 2 pages.",
				"href=\"" + address + "?size=1&amp;readersPage=1\">Last page of readers</a>")
			.doesNotContain("Nobody read it in these days");
		assertThat(session.get(address + "?readersPage=1&size=1").body()).contains(">Previous readers</a>")
			.doesNotContain("There is no page");
		assertThat(session.get("/users/ann?page=5").body()).contains("There is no page 6 of tables: there are")
			.doesNotContain("This user read and wrote no table");
	}

	@Test
	void aTableKnownByAPartialOrOddNameOpensItsPage() throws Exception {
		String schema = UsageFixtures.unique("partial_");
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(schema + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads(schema + ".orders")
			.reads(catalog + ".sales.q1+q2")
			.done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		var partial = session.get("/tables/" + schema + ".orders");
		assertThat(partial.statusCode()).as(partial.body()).isEqualTo(200);
		assertThat(partial.body()).contains("<title>" + schema + ".orders · lakegov</title>")
			.doesNotContain("History kept and time travel");
		var odd = session.get("/tables/%60" + catalog + "%60.sales.%60q1+q2%60");
		assertThat(odd.statusCode()).as(odd.body()).isEqualTo(200);
		assertThat(odd.body()).contains("History kept and time travel");
		var column = session.get("/columns?table=%60" + catalog + "%60.sales.orders&column=%60price%2Funit%60");
		assertThat(column.statusCode()).isEqualTo(200);
		assertThat(column.body()).contains("<h1>price/unit</h1>");
	}

	@Test
	void saysWhatAReaderWentThroughInWords() throws Exception {
		String schema = UsageFixtures.unique("through_");
		Instant yesterday = Instant.now().minus(1, ChronoUnit.DAYS);
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(schema + "-1", "ann", yesterday)
			.reads(catalog + "." + schema + ".orders")
			.done()
			.statement(schema + "-2", "ann", yesterday.plusSeconds(60))
			.through("LEGACY_DASHBOARD", "d-7")
			.reads(catalog + "." + schema + ".orders")
			.done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/tables/%60" + catalog + "%60." + schema + ".orders").body();

		assertThat(page).containsPattern(">ad hoc(, )?</span>").contains(">legacy dashboard d-7").doesNotContain("adhoc");
	}

	@Test
	void aColumnReadByMoreThanItListsSaysHowManyThereAre() throws Exception {
		String column = UsageFixtures.unique("wide_");
		LocalDate day = LocalDate.now(ZoneId.of("Asia/Tokyo")).minusDays(1);
		for (int i = 0; i < 101; i++) {
			jdbc.sql("""
					INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name,
					    statements, first_event, last_event)
					VALUES (:table, :day, :column, 'READ', 'RESOLVED', :user, :n, now(), now())""")
				.param("table", table)
				.param("day", day)
				.param("column", column)
				.param("user", "reader-" + i)
				.param("n", 1 + i)
				.update();
			jdbc.sql("""
					INSERT INTO column_source_daily (table_name, column_name, business_date, role, source_kind, source_id,
					    statements, last_event)
					VALUES (:table, :column, :day, 'READ', 'JOB', :job, 1, now())""")
				.param("table", table)
				.param("day", day)
				.param("column", column)
				.param("job", "job-" + i)
				.update();
		}
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);

		String page = session.get("/tables/%60" + catalog + "%60.sales.orders/columns/" + column + "?from=" + day).body();

		assertThat(page).contains("The 100 with the most statements, of 101.", "reader-100", "Last read ever",
				"The 100 with the most statements; there may be more.")
			.doesNotContain(">reader-0<");
	}

	@Test
	void statementsOfClosedDaysAreSaidToBeInTheArchive() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		ZoneId tokyo = ZoneId.of("Asia/Tokyo");
		LocalDate today;
		String page;
		try {
			do {
				today = LocalDate.now(tokyo);
				jdbc.sql("UPDATE detail_horizon SET shed_before = :day").param("day", today).update();
				page = session.get("/tables/%60" + catalog + "%60.sales.orders").body();
			}
			while (!today.equals(LocalDate.now(tokyo)));
		}
		finally {
			jdbc.sql("UPDATE detail_horizon SET shed_before = NULL").update();
		}

		assertThat(page).contains("The store holds statements from",
				"<span>" + today + "</span> on (<code>lakegov.store.detail-retention</code>)",
				"No statement read or wrote it in these days since " + today + ".");
		assertThat(session.get("/tables/%60" + catalog + "%60.sales.orders").body())
			.doesNotContain("The store holds statements from")
			.contains("No statement read or wrote it in these days.");
	}

	@Test
	void aShortNameThatSeveralTablesEndWithListsThem() throws Exception {
		String name = UsageFixtures.unique("shared");
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(name + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads("main.s." + name)
			.reads(catalog + ".s." + name)
			.done()
			.load();
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		var page = session.get("/tables/s." + name);
		assertThat(page.statusCode()).isEqualTo(400);
		assertThat(page.body()).contains("matches several tables", "href=\"/tables/main.s." + name + "\"",
				"href=\"/tables/%60" + catalog + "%60.s." + name + "\"");
	}

}
