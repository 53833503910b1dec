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

import static org.assertj.core.api.Assertions.assertThat;

/** A person's session with the pages, as a browser keeps it: signs in with a key, then gets and posts forms. */
public final class PageSession {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

	private final int port;

	public PageSession(int port) {
		this.port = port;
	}

	public PageSession signIn(String key) throws Exception {
		var signedIn = post("/login", "key=" + key + "&_csrf=" + csrfOf(get("/login").body()));
		assertThat(signedIn.statusCode()).isEqualTo(302);
		assertThat(signedIn.headers().firstValue("Location")).hasValueSatisfying(
				location -> assertThat(location).doesNotContain("error"));
		return this;
	}

	/** The page's CSRF token, ready for a form body. */
	public static String csrfOf(String page) {
		Matcher matcher = CSRF.matcher(page);
		assertThat(matcher.find()).as("a CSRF token in the page").isTrue();
		return URLEncoder.encode(matcher.group(1), StandardCharsets.UTF_8);
	}

	public HttpResponse<String> get(String path) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).build());
	}

	public HttpResponse<String> post(String path, String form) throws Exception {
		return send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form))
			.build());
	}

	public HttpResponse<String> send(HttpRequest request) throws Exception {
		return client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	public URI uri(String path) {
		return URI.create("http://localhost:" + port + path);
	}

}
