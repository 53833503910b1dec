package io.lakegov.pages;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ingestion page in a real browser: a viewer follows a run in progress (rows, rate, the window covered, the
 * time left) as the page updates itself, pauses the updates, and sees the page say when the run has ended; an
 * operator starts a run from it.
 */
@IntegrationTest(properties = "lakegov.ingest.initial-lookback=7d")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PagesIngestionBrowserIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient store;

	ChromeDriver browser;

	WebDriverWait wait;

	@BeforeAll
	void runOnceAndStartTheBrowser() throws Exception {
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		new DemoWarehouse(source).writeFinished(new DemoWorkload(5).generate(now.minus(Duration.ofDays(2)),
				now.minusSeconds(60), 200));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
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
	void theIngestionPageFollowsARunInProgressUntilItEnds() throws Exception {
		open("/ingestion");
		Browser.signIn(browser, IntegrationTest.VIEWER_KEY);
		wait.until(driver -> store.sql("SELECT count(*) FROM ingestion_run WHERE status = 'RUNNING'").query(Long.class).single() == 0);
		long run = store.sql("""
				INSERT INTO ingestion_run (source, kind, status, window_start, window_end, started_at, heartbeat_at, node,
				                           rows_read, batches)
				VALUES ('default', 'MANUAL', 'RUNNING', now() - interval '1 hour', now(), now() - interval '20 seconds', now(),
				        'browser-test', 12000, 3)
				RETURNING id""").query(Long.class).single();
		try {
			open("/ingestion");
			String progress = browser.findElement(By.cssSelector(".progress")).getText();
			assertThat(progress).contains("Run " + run + " in progress", "12,000", "Rows per second", "Window covered");
			WebElement toggle = browser.findElement(By.id("refresh-toggle"));
			assertThat(toggle.isDisplayed()).isTrue();
			Browser.checkPage(browser, "ingestion-running");
			toggle.click();
			assertThat(browser.findElement(By.id("refresh-status")).getText()).isEqualTo("Updates paused.");
			toggle.click();
			store.sql("UPDATE ingestion_run SET status = 'SUCCEEDED', finished_at = now() WHERE id = :id").param("id", run).update();
			new WebDriverWait(browser, Duration.ofSeconds(20))
				.until(driver -> driver.findElement(By.id("refresh-status")).getText().equals("The run has finished."));
			assertThat(browser.findElements(By.cssSelector(".progress"))).isEmpty();
		}
		finally {
			store.sql("UPDATE ingestion_run SET status = 'FAILED', finished_at = now() WHERE id = :id AND status = 'RUNNING'")
				.param("id", run)
				.update();
		}
	}

	@Test
	void anOperatorStartsARunFromTheIngestionPage() throws Exception {
		open("/ingestion");
		Browser.signIn(browser, IntegrationTest.OPERATOR_KEY);
		browser.findElement(By.xpath("//button[text()='Start a run now']")).click();
		wait.until(ExpectedConditions.urlContains("/ingestion?started="));
		assertThat(browser.findElement(By.cssSelector(".note[role=status]")).getText()).contains("started");
		Browser.checkPage(browser, "ingestion-operator");
	}

	private void open(String path) {
		browser.get("http://localhost:" + port + path);
	}

}
