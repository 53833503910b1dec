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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an analyst does in a real browser, on the demo workload: sign in with a key, search for orders, open
 * the table, see its verdict, chart and readers (those through views with their paths), and meet a page that
 * says so for a name that is wrong. axe-core finds no serious or critical violation on any page; each page's
 * screenshot is saved under {@code target/screenshots}.
 */
@IntegrationTest(properties = "lakegov.ingest.initial-lookback=21d")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PagesBrowserIntegrationTests {

	static final String ORDERS = "main.sales.orders";

	@LocalServerPort
	int port;

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	CatalogSync catalog;

	ChromeDriver browser;

	WebDriverWait wait;

	@BeforeAll
	void loadTheDemoWorkloadAndStartTheBrowser() throws Exception {
		var warehouse = new DemoWarehouse(source);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		warehouse.writeFinished(new DemoWorkload(11).generate(now.minus(Duration.ofDays(14)), now.minusSeconds(60), 3000));
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

		String readers = browser.findElement(By.id("readers")).getText();
		assertThat(readers).contains("directly", "through views", ORDERS + " ← main.sales.orders_enriched");
		assertThat(browser.findElement(By.id("writers")).getText()).startsWith("Writers");
		assertThat(browser.findElement(By.id("sources")).getText()).containsIgnoringCase("job");
		accessible("table");

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
		assertThat(browser.findElement(By.id("tables")).getText()).contains(ORDERS);
		accessible("user");

		browser.findElement(By.linkText("Rankings")).click();
		wait.until(ExpectedConditions.urlContains("/rankings"));
		WebElement ranking = browser.findElement(By.id("ranking-chart"));
		assertThat(ranking.getAttribute("role")).isEqualTo("img");
		assertThat(ranking.getAttribute("aria-label")).startsWith("Bar chart of the 20 most read tables");
		wait.until(driver -> !ranking.findElements(By.tagName("canvas")).isEmpty());
		assertThat(browser.findElement(By.id("ranking-numbers")).getText()).contains(ORDERS);
		assertThat(browser.findElement(By.id("user-ranking")).getText()).contains(user);
		accessible("rankings");

		browser.findElement(By.linkText("Ingestion")).click();
		wait.until(ExpectedConditions.urlContains("/ingestion"));
		assertThat(browser.findElement(By.id("source-default")).getText()).contains("default");
		assertThat(browser.findElement(By.id("runs-heading")).findElement(By.xpath("..")).getText()).contains("succeeded");
		assertThat(browser.findElements(By.xpath("//button[text()='Start a run now']"))).as("a viewer's buttons").isEmpty();
		accessible("ingestion");
	}

	@Test
	void anOperatorStartsARunFromTheIngestionPage() throws Exception {
		open("/ingestion");
		signIn(IntegrationTest.OPERATOR_KEY);
		browser.findElement(By.xpath("//button[text()='Start a run now']")).click();
		wait.until(ExpectedConditions.urlContains("/ingestion?started="));
		assertThat(browser.findElement(By.cssSelector("[role=status]")).getText()).contains("started");
		accessible("ingestion-operator");
	}

	@Test
	void aWrongOrUnknownTableNameShowsAPageThatSaysSo() throws Exception {
		open("/login");
		signIn(IntegrationTest.VIEWER_KEY);

		open("/tables/main..orders");
		assertThat(status()).isEqualTo(400);
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("That does not look right");
		assertThat(browser.getPageSource()).doesNotContain("Exception", "at io.lakegov");
		accessible("bad-table-name");

		open("/tables/main.sales.no_such_table");
		assertThat(status()).isEqualTo(404);
		assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
			.contains("lakegov knows no table named main.sales.no_such_table");
		accessible("unknown-table");
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

	private void open(String path) {
		browser.get("http://localhost:" + port + path);
	}

	private void signIn(String key) {
		WebElement field = browser.findElement(By.id("key"));
		field.clear();
		field.sendKeys(key);
		field.submit();
		wait.until(driver -> !driver.getCurrentUrl().endsWith("/login"));
	}

	private long status() {
		return (Long) browser.executeScript("return performance.getEntriesByType('navigation')[0].responseStatus");
	}

	private void accessible(String page) throws Exception {
		screenshot(page);
		Object paint = browser.executeScript(
				"const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? Math.round(p.startTime) : null");
		System.out.printf("first contentful paint of the %s page: %s ms%n", page, paint);
		assertThat(Browser.seriousAccessibilityViolations(browser)).as("axe-core on the %s page", page).isEmpty();
	}

	private void screenshot(String page) throws Exception {
		Browser.screenshot(browser, page);
	}

}
