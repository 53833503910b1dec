package io.lakegov.pages;

import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signing in to the pages through an OpenID Connect provider (a fake one, in the test), with the authorization
 * code flow end to end: the provider's endpoints discovered from its issuer, the code exchanged for an ID token
 * whose signature, issuer, audience and nonce are checked, and the role given by the person's groups, mapped as
 * for bearer tokens on the API; once in a real browser, whose sign-in page axe-core checks.
 */
@IntegrationTest
class PagesProviderSignInIntegrationTests {

	static final String CLIENT = "lakegov-pages";

	static final String SECRET = "pages-secret";

	static final FakeIdentityProvider provider = FakeIdentityProvider.start(CLIENT, SECRET);

	@DynamicPropertySource
	static void theProvider(DynamicPropertyRegistry registry) {
		registry.add("lakegov.security.oauth2.issuer-uri", provider::issuer);
		registry.add("lakegov.security.oauth2.client-id", () -> CLIENT);
		registry.add("lakegov.security.oauth2.client-secret", () -> SECRET);
		registry.add("lakegov.security.oauth2.viewer-groups", () -> "lakegov-viewers");
		registry.add("lakegov.security.oauth2.admin-groups", () -> "lakegov-admins");
	}

	@AfterAll
	static void stopTheProvider() {
		provider.close();
	}

	@LocalServerPort
	int port;

	private final HttpClient browser = HttpClient.newBuilder()
		.cookieHandler(new CookieManager())
		.followRedirects(HttpClient.Redirect.NORMAL)
		.build();

	@Test
	void aPersonSignsInThroughTheProviderWithTheRoleTheirGroupsGive() throws Exception {
		var login = get("/");
		assertThat(login.uri().getPath()).isEqualTo("/login");
		assertThat(login.body()).contains("href=\"/oauth2/authorization/lakegov\"", "Or with an API key");

		provider.signsIn("ann", List.of("everyone", "lakegov-viewers"));
		var home = get("/oauth2/authorization/lakegov");
		assertThat(home.statusCode()).isEqualTo(200);
		assertThat(home.uri().getPath()).isEqualTo("/");
		assertThat(home.body()).contains("Signed in as <span>ann</span> (<span>viewer</span>)");

		var ingestion = get("/ingestion");
		assertThat(ingestion.statusCode()).isEqualTo(200);
		assertThat(ingestion.body()).doesNotContain("Start a run now");
		assertThat(get("/api/v1/tables").statusCode()).as("a page session is no API credential").isEqualTo(401);
	}

	@Test
	void aPersonSignsInThroughTheProviderInARealBrowser() throws Exception {
		ChromeDriver chromium = Browser.start();
		try {
			chromium.get("http://localhost:" + port + "/ingestion");
			Browser.checkPage(chromium, "login-provider");
			provider.signsIn("bob", List.of("lakegov-viewers"));
			chromium.findElement(By.id("provider-sign-in")).click();
			new WebDriverWait(chromium, Duration.ofSeconds(30)).until(ExpectedConditions.urlToBe("http://localhost:" + port
					+ "/ingestion"));
			assertThat(chromium.findElement(By.className("who")).getText()).isEqualTo("Signed in as bob (viewer)");
		}
		finally {
			chromium.quit();
		}
	}

	@Test
	void theHighestRoleOfThePersonsGroupsApplies() throws Exception {
		provider.signsIn("root", List.of("lakegov-viewers", "lakegov-admins"));
		var home = get("/oauth2/authorization/lakegov");
		assertThat(home.uri().getPath()).isEqualTo("/");
		assertThat(home.body()).contains("Signed in as <span>root</span> (<span>admin</span>)");
	}

	@Test
	void groupsThatGiveNoRoleSignNobodyIn() throws Exception {
		provider.signsIn("eve", List.of("everyone"));
		var refused = get("/oauth2/authorization/lakegov");
		assertThat(refused.uri().getPath()).isEqualTo("/login");
		assertThat(refused.uri().getQuery()).isEqualTo("noRole");
		assertThat(refused.body()).contains("none of your groups gives you a role");
		assertThat(get("/").uri().getPath()).isEqualTo("/login");
	}

	private HttpResponse<String> get(String path) throws Exception {
		return browser.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
