package io.lakegov.pages;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.lakegov.catalog.CatalogSync;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.demo.DemoWarehouse;
import io.lakegov.history.demo.DemoWorkload;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an analyst does in a real browser, on the demo workload (a tenth of its sessions masked, one table
 * shared): sign in with a key, search for orders, open the table, see its verdict, chart, readers (those through
 * views with their paths), query groups, related tables and retention, its schema, the rankings, the unused
 * tables and the ingestion page, and meet a page that says so for a name that is wrong;
 * an admin sees raw statement texts, a viewer never. axe-core finds no serious or critical violation on any
 * page; each page's screenshot is saved under {@code target/screenshots}, and its first contentful paint is
 * printed.
 */
@IntegrationTest(properties = { "lakegov.ingest.initial-lookback=21d", "lakegov.history.keep-raw-text=true" })
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PagesBrowserIntegrationTests {

	static final String ORDERS = "main.sales.orders";

	static final String SHARED = "main.sales.returns";

	@LocalServerPort
	int port;

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	@Autowired
	JdbcClient store;

	ChromeDriver browser;

	WebDriverWait wait;

	@BeforeAll
	void loadTheDemoWorkloadAndStartTheBrowser() throws Exception {
		var warehouse = new DemoWarehouse(source, 0.1);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		warehouse.writeFinished(new DemoWorkload(11).generate(now.minus(Duration.ofDays(14)), now.minusSeconds(60), 3000));
		new SourceRows(JdbcClient.create(source.dataSource())).row("share-returns")
			.text("ALTER SHARE partners ADD TABLE " + SHARED)
			.user("ann@example.com")
			.session("share-session")
			.started(now.minus(Duration.ofDays(2)))
			.save();
		warehouse.refreshCatalog(now);
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		catalog.sync();
		browser = Browser.start();
		wait = new WebDriverWait(browser, Duration.ofSeconds(30));
	}

	@AfterAll
	void stopTheBrowser() {
		if (browser != null) {
			browser.quit();
		}
	}

	@BeforeEach
	void signOut() {
		browser.manage().deleteAllCookies();
	}

	@Test
	void anAnalystFindsTheOrdersAndSeesWhoReadsThem() throws Exception {
		open("/");
		assertThat(browser.getCurrentUrl()).endsWith("/login");
		accessible("login");
		signIn(IntegrationTest.VIEWER_KEY);
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Who reads which table");
		accessible("home");

		WebElement box = browser.findElement(By.id("search-box"));
		box.sendKeys("orders");
		WebElement suggestion = wait.until(ExpectedConditions.elementToBeClickable(
				By.cssSelector("#search-suggestions a[href='/tables/" + ORDERS + "']")));
		assertThat(suggestion.getText()).contains(ORDERS);
		screenshot("search-suggestions");
		box.sendKeys(Keys.ENTER);
		wait.until(ExpectedConditions.urlContains("/search?q=orders"));
		assertThat(browser.findElement(By.tagName("h1")).getText()).contains("orders");
		accessible("search");

		browser.findElement(By.linkText(ORDERS)).click();
		wait.until(ExpectedConditions.urlContains("/tables/" + ORDERS));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo(ORDERS);
		assertThat(browser.findElement(By.id("verdict-heading")).getText()).isEqualTo("People use this table");

		WebElement chart = browser.findElement(By.id("usage-chart"));
		assertThat(chart.getAttribute("role")).isEqualTo("img");
		assertThat(chart.getAttribute("aria-label")).startsWith("Daily reads, writes, distinct users and time-travel reads of "
				+ ORDERS);
		wait.until(driver -> !chart.findElements(By.tagName("canvas")).isEmpty());
		List<WebElement> days = browser.findElements(By.cssSelector("#usage-numbers tbody tr"));
		assertThat(days).hasSize(30);
		assertThat(chart.getAttribute("aria-label")).as("the range ends today").contains("is counted so far");
		assertThat(days.get(29).getAttribute("textContent")).contains("(today, so far)");
		assertThat(days.get(28).getAttribute("textContent")).doesNotContain("so far");

		String readers = browser.findElement(By.id("readers")).getText();
		assertThat(readers).contains("directly", "through views", ORDERS + " ← main.sales.orders_enriched");
		assertThat(browser.findElement(By.id("writers")).getText()).startsWith("Writers");
		assertThat(browser.findElement(By.id("sources")).getText()).containsIgnoringCase("job");
		assertThat(browser.findElements(By.cssSelector("#queries tbody tr"))).isNotEmpty();
		assertThat(browser.findElement(By.cssSelector("#queries thead")).getText()).contains("p95 duration");
		assertThat(browser.findElement(By.cssSelector("#queries tbody code.sql")).getText()).contains(ORDERS);
		assertThat(browser.findElements(By.cssSelector("#statements tbody tr"))).isNotEmpty();
		assertThat(browser.findElements(By.cssSelector("#related tbody tr"))).isNotEmpty();
		assertThat(browser.findElement(By.id("shares")).getText()).contains("in no Delta Sharing share");
		assertThat(browser.findElement(By.id("retention")).getText()).contains("Settings", "Proposal");
		assertThat(browser.findElement(By.id("notes")).getText()).contains("lineage alone");
		assertThat(browser.getPageSource()).as("raw texts are for admins").doesNotContain("Raw text", "raw-sql");
		accessible("table");

		browser.findElement(By.linkText("most total duration")).click();
		wait.until(ExpectedConditions.urlContains("queriesSort=duration"));
		assertThat(browser.findElement(By.cssSelector("#queries a[aria-current=true]")).getText()).isEqualTo("most total duration");
		browser.navigate().back();
		wait.until(ExpectedConditions.urlToBe("http://localhost:" + port + "/tables/" + ORDERS));

		browser.findElement(By.linkText("90 days")).click();
		wait.until(ExpectedConditions.urlContains("from="));
		assertThat(browser.findElements(By.cssSelector("#usage-numbers tbody tr"))).hasSize(90);
		browser.navigate().back();
		wait.until(driver -> driver.findElements(By.cssSelector("#usage-numbers tbody tr")).size() == 30);

		WebElement column = browser.findElement(By.cssSelector("#columns tbody th a"));
		String columnName = column.getText();
		column.click();
		wait.until(ExpectedConditions.urlContains("/columns/" + columnName));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo(columnName);
		assertThat(browser.findElement(By.id("readers")).getText()).doesNotContain("Nobody read it");
		accessible("column");
		browser.navigate().back();
		wait.until(ExpectedConditions.urlToBe("http://localhost:" + port + "/tables/" + ORDERS));

		WebElement reader = browser.findElement(By.cssSelector("#readers tbody th a"));
		String user = reader.getText();
		reader.click();
		wait.until(ExpectedConditions.urlContains("/users/"));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo(user);
		assertThat(browser.findElement(By.id("tables")).getText()).contains(ORDERS, "Read duration");
		accessible("user");

		open("/schemas/main.sales");
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("main.sales");
		assertThat(browser.findElement(By.id("tables")).getText()).contains(ORDERS);
		accessible("schema");

		browser.findElement(By.linkText("Rankings")).click();
		wait.until(ExpectedConditions.urlContains("/rankings"));
		WebElement ranking = browser.findElement(By.id("ranking-chart"));
		assertThat(ranking.getAttribute("role")).isEqualTo("img");
		assertThat(ranking.getAttribute("aria-label")).startsWith("Bar chart of the 20 tables with the most reads");
		wait.until(driver -> !ranking.findElements(By.tagName("canvas")).isEmpty());
		assertThat(browser.findElement(By.id("ranking-numbers")).getText()).contains(ORDERS);
		assertThat(headers("ranking-numbers")).containsExactly("Rank", "Table", "Reads", "Writes", "Read duration", "Bytes read");
		WebElement userRanking = browser.findElement(By.id("user-ranking-chart"));
		assertThat(userRanking.getAttribute("role")).isEqualTo("img");
		assertThat(userRanking.getAttribute("aria-label")).startsWith("Bar chart of the 20 users with the most table reads");
		wait.until(driver -> !userRanking.findElements(By.tagName("canvas")).isEmpty());
		assertThat(browser.findElement(By.id("user-ranking-numbers")).getText()).contains(user);
		accessible("rankings");
		browser.findElement(By.linkText("longest read duration")).click();
		wait.until(ExpectedConditions.urlContains("tablesBy=duration"));
		assertThat(browser.findElement(By.id("ranking-chart")).getAttribute("aria-label")).contains("longest read duration");
		assertThat(browser.findElement(By.id("ranking-chart")).getAttribute("data-value-column"))
			.isEqualTo(String.valueOf(headers("ranking-numbers").indexOf("Read duration")));
		browser.findElement(By.linkText("most readers")).click();
		wait.until(ExpectedConditions.urlContains("tablesBy=users"));
		List<String> byReaders = headers("ranking-numbers");
		assertThat(byReaders).contains("Readers");
		assertThat(browser.findElement(By.id("ranking-chart")).getAttribute("data-value-column"))
			.isEqualTo(String.valueOf(byReaders.indexOf("Readers")));
		assertThat(browser.findElements(By.cssSelector("#ranking-numbers tbody tr td:nth-child(5)")))
			.isNotEmpty()
			.allSatisfy(cell -> assertThat(cell.getText()).matches("[0-9,]+"));
		browser.navigate().back();
		browser.navigate().back();
		wait.until(ExpectedConditions.urlToBe("http://localhost:" + port + "/rankings"));

		browser.findElement(By.linkText("Unused tables")).click();
		wait.until(ExpectedConditions.urlContains("/unused"));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Tables nobody read");
		assertThat(browser.findElement(By.id("unused")).getText()).doesNotContain(SHARED);
		accessible("unused");

		browser.findElement(By.linkText("Retention")).click();
		wait.until(ExpectedConditions.urlContains("/retention"));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("How long tables keep their history");
		assertThat(browser.findElement(By.id("proposals-heading")).getText()).endsWith("proposals");
		accessible("retention");

		browser.findElement(By.linkText("Changes")).click();
		wait.until(ExpectedConditions.urlContains("/changes"));
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Changes in the lakehouse");
		accessible("changes");

		browser.findElement(By.linkText("Ingestion")).click();
		wait.until(ExpectedConditions.urlContains("/ingestion"));
		assertThat(browser.findElement(By.id("source-default")).getText()).contains("default");
		assertThat(browser.findElement(By.id("runs-heading")).findElement(By.xpath("..")).getText()).contains("succeeded");
		assertThat(browser.findElements(By.xpath("//button[text()='Start a run now']"))).as("a viewer's buttons").isEmpty();
		accessible("ingestion");
	}

	@Test
	void theIngestionPagesUpdatesLeaveTheFocusWhereItWas() throws Exception {
		store.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, finished_at, node)
				SELECT 'default', 'MANUAL', 'SUCCEEDED', now() - n * interval '1 hour', now() - n * interval '1 hour',
				       now() - n * interval '1 hour' + interval '1 minute', 'earlier-node'
				FROM generate_series(1, 12) AS n""").update();
		long running = store.sql("""
				INSERT INTO ingestion_run (source, kind, status, started_at, heartbeat_at, node)
				VALUES ('default', 'SCHEDULED', 'RUNNING', now(), now(), 'busy-node') RETURNING id""")
			.query(Long.class)
			.single();
		try {
			open("/ingestion");
			signIn(IntegrationTest.VIEWER_KEY);
			wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("refresh-status"), "Updating every few"));
			WebElement next = browser.findElement(By.partialLinkText("Next runs"));
			String address = next.getAttribute("href");
			browser.executeScript("arguments[0].focus()", next);
			wait.until(ExpectedConditions.stalenessOf(next));
			assertThat((String) browser.executeScript("return document.activeElement.href"))
				.as("the same link, swapped in by the update, has the focus again")
				.isEqualTo(address);
		}
		finally {
			store.sql("DELETE FROM ingestion_run WHERE node IN ('earlier-node', 'busy-node') OR id = :id")
				.param("id", running)
				.update();
		}
	}

	@Test
	void anAdminSeesRawStatementTextsAndAViewerNever() throws Exception {
		open("/tables/" + ORDERS);
		signIn(IntegrationTest.API_KEY);
		List<WebElement> raw = browser.findElements(By.cssSelector("#statements tbody code.raw-sql"));
		assertThat(raw).isNotEmpty();
		assertThat(browser.findElement(By.cssSelector("#statements thead")).getText()).contains("Raw text (admins only)");
		String text = raw.stream().map(WebElement::getText).filter(sql -> sql.contains("'") || sql.matches("(?s).*\\d.*"))
			.findFirst()
			.orElseThrow();
		accessible("table-admin");

		browser.findElement(By.cssSelector("form.signout button")).click();
		wait.until(ExpectedConditions.urlContains("/login?signedOut"));
		open("/tables/" + ORDERS);
		signIn(IntegrationTest.VIEWER_KEY);
		assertThat(browser.findElements(By.cssSelector("code.raw-sql"))).isEmpty();
		assertThat(browser.findElement(By.tagName("main")).getText()).doesNotContain("Raw text", "admins only", text);
	}

	@Test
	void aSharedTableSaysWhoSharedItAndItsRetentionSqlCanBeCopied() throws Exception {
		open("/tables/" + SHARED);
		signIn(IntegrationTest.VIEWER_KEY);
		assertThat(browser.findElement(By.id("verdict-heading")).getText()).isEqualTo("Shared outside this workspace");
		assertThat(browser.findElement(By.id("shares")).getText()).contains("partners", "in the share", "ann@example.com");
		List<WebElement> copy = browser.findElements(By.cssSelector("#retention button.copy"));
		if (!copy.isEmpty()) {
			copy.get(0).click();
			wait.until(driver -> !driver.findElement(By.cssSelector("#retention .copied")).getText().isEmpty());
		}
		accessible("table-shared");
	}

	@Test
	void aWrongOrUnknownTableNameShowsAPageThatSaysSo() throws Exception {
		open("/login");
		signIn(IntegrationTest.VIEWER_KEY);

		open("/tables/main..orders");
		assertThat(status()).isEqualTo(400);
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("That does not look right");
		assertThat(browser.getTitle()).isEqualTo("That does not look right · lakegov");
		assertThat(browser.getPageSource()).doesNotContain("Exception", "at io.lakegov");
		accessible("bad-table-name");

		open("/tables/main.sales.no_such_table");
		assertThat(status()).isEqualTo(404);
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
			.contains("lakegov knows no table named main.sales.no_such_table");
		accessible("unknown-table");
		assertThat(browser.getTitle()).isEqualTo("Not found · lakegov");

		open("/rankings?limit=abc");
		assertThat(status()).isEqualTo(400);
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("limit must be a whole number, was 'abc'.");

		open("/rankings?tablesBy=nope");
		assertThat(status()).isEqualTo(400);
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("tablesBy must be reads, users, duration or bytes.");

		open("/unused?days=0");
		assertThat(status()).isEqualTo(400);
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("days must be greater than or equal to 1.");
	}

	@Test
	void aKeyThatIsNotAcceptedSignsNobodyInAndSigningOutEndsTheSession() throws Exception {
		open("/tables/" + ORDERS);
		signIn("not-a-key");
		assertThat(browser.getCurrentUrl()).endsWith("/login?error");
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText()).contains("not one lakegov accepts");

		signIn(IntegrationTest.VIEWER_KEY);
		assertThat(browser.getCurrentUrl()).endsWith("/tables/" + ORDERS);
		assertThat(browser.findElement(By.className("who")).getText()).contains("viewer");

		browser.findElement(By.cssSelector("form.signout button")).click();
		wait.until(ExpectedConditions.urlContains("/login?signedOut"));
		open("/tables/" + ORDERS);
		assertThat(browser.getCurrentUrl()).endsWith("/login");
	}

	@Test
	void onANarrowWindowTablesScrollAndThePageDoesNot() throws Exception {
		open("/");
		signIn(IntegrationTest.VIEWER_KEY);
		Dimension wide = browser.manage().window().getSize();
		browser.manage().window().setSize(new Dimension(720, 1000));
		try {
			open("/tables/" + ORDERS);
			String reader = browser.findElement(By.cssSelector("#readers tbody th a")).getAttribute("href");
			for (String page : List.of("/tables/" + ORDERS, reader, "/rankings", "/unused", "/ingestion")) {
				browser.get(page.startsWith("/") ? "http://localhost:" + port + page : page);
				Long overflow = (Long) browser.executeScript(
						"return document.documentElement.scrollWidth - document.documentElement.clientWidth");
				assertThat(overflow).as("%s is no wider than the window", page).isLessThanOrEqualTo(0L);
			}
			open("/tables/" + ORDERS);
			accessible("table-narrow");
		}
		finally {
			browser.manage().window().setSize(wide);
		}
	}

	/** The column headers of a table of the page. */
	private List<String> headers(String table) {
		return browser.findElements(By.cssSelector("#" + table + " thead th")).stream().map(WebElement::getText).toList();
	}

	private void open(String path) {
		browser.get("http://localhost:" + port + path);
	}

	private void signIn(String key) {
		Browser.signIn(browser, key);
	}

	private long status() {
		return (Long) browser.executeScript("return performance.getEntriesByType('navigation')[0].responseStatus");
	}

	private void accessible(String page) throws Exception {
		Browser.checkPage(browser, page);
	}

	private void screenshot(String page) throws Exception {
		Browser.screenshot(browser, page);
	}

}
