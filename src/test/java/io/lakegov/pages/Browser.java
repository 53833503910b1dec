package io.lakegov.pages;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.webjars.WebJarVersionLocator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Debian's chromium driven by its chromium-driver, headless: the machine's, or where there are none, Debian's
 * packages installed by the tests themselves when they run as root (as on CI machines). Elsewhere the tests
 * fail, naming what to install; they never skip.
 */
final class Browser {

	static final Path SCREENSHOTS = Path.of("target", "screenshots");

	private static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/lib/chromium/chromium");

	private static final List<String> DRIVERS = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

	private Browser() {
	}

	static ChromeDriver start() throws IOException, InterruptedException {
		installWhenMissing();
		ChromeOptions options = new ChromeOptions();
		options.setBinary(first(BROWSERS).orElseThrow());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
				"--window-size=1280,1000", "--lang=en");
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(new File(first(DRIVERS).orElseThrow()))
			.usingAnyFreePort()
			.build();
		ChromeDriver driver = new ChromeDriver(service, options);
		driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(60));
		return driver;
	}

	/** Saves what the browser shows now under {@code target/screenshots/<name>.png}. */
	static Path screenshot(ChromeDriver driver, String name) throws IOException {
		Files.createDirectories(SCREENSHOTS);
		Path file = SCREENSHOTS.resolve(name + ".png");
		Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
		return file;
	}

	/** Types the key into the sign-in form shown now and waits to be sent on. */
	static void signIn(ChromeDriver driver, String key) {
		WebElement field = driver.findElement(By.id("key"));
		field.clear();
		field.sendKeys(key);
		field.submit();
		new WebDriverWait(driver, Duration.ofSeconds(30)).until(browser -> !browser.getCurrentUrl().endsWith("/login"));
	}

	/**
	 * Saves a screenshot of the page shown now, prints its first contentful paint, and fails on any serious or
	 * critical violation axe-core finds in it.
	 */
	static void checkPage(ChromeDriver driver, String page) throws IOException {
		screenshot(driver, page);
		Object paint = driver.executeScript(
				"const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? Math.round(p.startTime) : null");
		System.out.printf("first contentful paint of the %s page: %s ms%n", page, paint);
		assertThat(seriousAccessibilityViolations(driver)).as("axe-core on the %s page", page).isEmpty();
	}

	/** The serious and critical violations axe-core finds in the page shown now, one line each. */
	static List<String> seriousAccessibilityViolations(ChromeDriver driver) throws IOException {
		String path = new WebJarVersionLocator().fullPath("axe-core", "axe.min.js");
		if (path == null) {
			throw new IllegalStateException("axe-core's WebJar is not on the test class path");
		}
		String axe;
		try (var in = Browser.class.getClassLoader().getResourceAsStream(path)) {
			axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		driver.executeScript(axe);
		Object result = driver.executeAsyncScript("""
				const done = arguments[arguments.length - 1];
				axe.run(document, { resultTypes: ['violations'] }).then(results => done(results.violations
				    .filter(v => v.impact === 'serious' || v.impact === 'critical')
				    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.map(n => n.target.join(' ')).join(', '))));
				""");
		@SuppressWarnings("unchecked")
		List<String> violations = (List<String>) result;
		return violations;
	}

	private static Optional<String> first(List<String> candidates) {
		return candidates.stream().filter(path -> Files.isExecutable(Path.of(path))).findFirst();
	}

	private static synchronized void installWhenMissing() throws IOException, InterruptedException {
		if (first(BROWSERS).isPresent() && first(DRIVERS).isPresent()) {
			return;
		}
		if (!"root".equals(System.getProperty("user.name")) || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
			throw new IllegalStateException("The browser tests need Debian's chromium and chromium-driver: install them "
					+ "(apt-get install chromium chromium-driver) or run the tests as root to let them install the packages");
		}
		run(List.of("/usr/bin/apt-get", "update"));
		run(List.of("/usr/bin/apt-get", "install", "--yes", "--no-install-recommends", "chromium", "chromium-driver"));
		if (first(BROWSERS).isEmpty() || first(DRIVERS).isEmpty()) {
			throw new IllegalStateException("Debian's chromium and chromium-driver were installed but are not where "
					+ "expected: " + BROWSERS + ", " + DRIVERS);
		}
	}

	private static void run(List<String> command) throws IOException, InterruptedException {
		Path log = Files.createTempFile("lakegov-browser", ".log");
		try {
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
			builder.environment().putAll(Map.of("DEBIAN_FRONTEND", "noninteractive"));
			Process process = builder.start();
			// a guard against a hung install, not a measure of speed
			if (!process.waitFor(20, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new IllegalStateException("Gave up waiting for " + command);
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException(command + " failed:\n" + Files.readString(log));
			}
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

}
