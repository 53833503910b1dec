package io.lakegov.pages;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.support.IntegrationTest;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** A table marked for removal says so on its page, with the planned day and the note, to any signed-in role. */
@IntegrationTest
class TablePageDeprecationIntegrationTests {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	@LocalServerPort
	int port;

	@Autowired
	UsageFactRepository facts;

	@Autowired
	TransactionTemplate tx;

	private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

	@Test
	void theTablePageShowsTheMarkForRemoval() throws Exception {
		String table = UsageFixtures.unique("marked") + ".s.orders";
		UsageFixtures.facts(facts, tx, ZoneOffset.UTC)
			.statement(table + "-1", "ann", Instant.now().minus(1, ChronoUnit.DAYS))
			.reads(table)
			.done()
			.load();
		assertThat(send(HttpRequest.newBuilder(uri("/tables/" + table)).build()).body())
			.as("not signed in yet: the sign-in form").doesNotContain("Marked for removal");
		var marked = send(HttpRequest.newBuilder(uri("/api/v1/tables/" + table + "/deprecation"))
			.header("X-API-Key", IntegrationTest.OPERATOR_KEY)
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString("{\"plannedDate\": \"2027-03-31\", \"note\": \"use orders_v2\"}"))
			.build());
		assertThat(marked.statusCode()).isEqualTo(200);

		signIn(IntegrationTest.VIEWER_KEY);
		String page = send(HttpRequest.newBuilder(uri("/tables/" + table)).build()).body();

		assertThat(page).contains("Marked for removal on", "2027-03-31", "use orders_v2", "DEPRECATED_READ");
	}

	private void signIn(String key) throws Exception {
		Matcher matcher = CSRF.matcher(send(HttpRequest.newBuilder(uri("/login")).build()).body());
		assertThat(matcher.find()).isTrue();
		var signedIn = send(HttpRequest.newBuilder(uri("/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(
					"key=" + key + "&_csrf=" + URLEncoder.encode(matcher.group(1), StandardCharsets.UTF_8)))
			.build());
		assertThat(signedIn.statusCode()).isEqualTo(302);
	}

	private HttpResponse<String> send(HttpRequest request) throws Exception {
		return client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + port + path);
	}

}
