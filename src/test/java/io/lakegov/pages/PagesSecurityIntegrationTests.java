package io.lakegov.pages;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages' chain beside the API's: a page without a session leads to the sign-in form, signing in needs the
 * form's CSRF token and an accepted key, and the API stays stateless (no session, no cookie) whatever the
 * pages do.
 */
@IntegrationTest
class PagesSecurityIntegrationTests {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	@LocalServerPort
	int port;

	private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

	@Test
	void aPageWithoutASessionLeadsToTheSignInForm() throws Exception {
		var response = get("/tables/main.sales.orders");
		assertThat(response.statusCode()).isEqualTo(302);
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/login"));
		assertThat(get("/login").body()).contains("name=\"key\"", "name=\"_csrf\"")
			.as("no identity provider is configured").doesNotContain("/oauth2/authorization");
	}

	@Test
	void signingInNeedsTheFormsTokenAndAnAcceptedKey() throws Exception {
		var tokenless = post("/login", "key=" + IntegrationTest.VIEWER_KEY);
		assertThat(tokenless.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/login?expired"));
		assertThat(get("/").statusCode()).as("not signed in").isEqualTo(302);

		var refused = post("/login", "key=wrong&_csrf=" + token());
		assertThat(refused.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/login?error"));

		var accepted = post("/login", "key=" + IntegrationTest.VIEWER_KEY + "&_csrf=" + token());
		assertThat(accepted.statusCode()).isEqualTo(302);
		assertThat(accepted.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/"));
		var home = get("/");
		assertThat(home.statusCode()).isEqualTo(200);
		assertThat(home.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
				policy -> assertThat(policy).contains("script-src 'self'"));
		var suggestions = get("/search/suggestions?q=nothing_is_called_so");
		assertThat(suggestions.statusCode()).isEqualTo(200);
		assertThat(suggestions.body()).isEqualTo("[]");

		var tokenlessSignOut = post("/logout", "");
		assertThat(tokenlessSignOut.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/login?expired"));
		assertThat(get("/").statusCode()).as("still signed in").isEqualTo(200);
		var signedOut = post("/logout", "_csrf=" + csrfOf(get("/").body()));
		assertThat(signedOut.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/login?signedOut"));
		assertThat(get("/").statusCode()).isEqualTo(302);
	}

	@Test
	void theApiStaysStatelessAndTakesNoSessionFromThePages() throws Exception {
		post("/login", "key=" + IntegrationTest.VIEWER_KEY + "&_csrf=" + token());
		assertThat(get("/api/v1/tables").statusCode()).as("a page session is no API credential").isEqualTo(401);

		var withKey = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri("/api/v1/tables"))
			.header("X-API-Key", IntegrationTest.VIEWER_KEY)
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(withKey.statusCode()).isEqualTo(200);
		assertThat(withKey.headers().firstValue("Set-Cookie")).isEmpty();
	}

	@Test
	void theServerRefusesAViewerWhatOnlyOperatorsMayStart() throws Exception {
		post("/login", "key=" + IntegrationTest.VIEWER_KEY + "&_csrf=" + token());
		var page = get("/ingestion");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).doesNotContain("Start a run now", "Start the backfill");
		String csrf = csrfOf(page.body());
		var run = post("/ingestion/runs", "source=default&_csrf=" + csrf);
		assertThat(run.statusCode()).isEqualTo(403);
		assertThat(run.body()).contains("needs the role operator");
		assertThat(post("/ingestion/backfills", "source=default&from=2026-01-01&to=2026-01-02&_csrf=" + csrf).statusCode())
			.isEqualTo(403);
	}

	private String token() throws Exception {
		return csrfOf(get("/login").body());
	}

	private static String csrfOf(String page) {
		Matcher matcher = CSRF.matcher(page);
		assertThat(matcher.find()).as("a CSRF token in the page").isTrue();
		return URLEncoder.encode(matcher.group(1), StandardCharsets.UTF_8);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return client.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, String form) throws Exception {
		return client.send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + port + path);
	}

}
