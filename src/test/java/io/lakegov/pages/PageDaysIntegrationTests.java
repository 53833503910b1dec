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

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Other days, picked in the form or by a preset, keep the page's other choices and start its lists again.
 */
@IntegrationTest(properties = "lakegov.usage.time-zone=Asia/Tokyo")
class PageDaysIntegrationTests {

	@LocalServerPort
	int port;

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
			.load();
	}

	@Test
	void otherDaysKeepThePagesOtherChoicesAndStartItsListsAgain() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		LocalDate today = LocalDate.now(ZoneId.of("Asia/Tokyo"));
		String rankings = session.get("/rankings?tablesBy=users&limit=5&from=" + today.minusDays(2)).body();
		assertThat(rankings).contains("<input type=\"hidden\" name=\"tablesBy\" value=\"users\">",
				"<input type=\"hidden\" name=\"limit\" value=\"5\">",
				"href=\"/rankings?tablesBy=users&amp;limit=5&amp;from=" + today.minusDays(6) + "\"",
				"href=\"/rankings?tablesBy=users&amp;limit=5\"");
		String page = session.get("/tables/%60" + catalog + "%60.sales.orders?queriesSort=duration&readersPage=1&size=10").body();
		assertThat(page).contains("<input type=\"hidden\" name=\"queriesSort\" value=\"duration\">",
				"href=\"/tables/%60" + catalog + "%60.sales.orders?queriesSort=duration&amp;size=10&amp;from="
						+ today.minusDays(89) + "\"")
			.doesNotContain("name=\"readersPage\"");
	}

}
