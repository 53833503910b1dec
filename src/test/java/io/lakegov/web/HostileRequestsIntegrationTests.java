package io.lakegov.web;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.concurrent.Flow;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Requests too large or malformed for the container still get problem details, never an HTML page. */
@IntegrationTest
class HostileRequestsIntegrationTests {

	static final int MB = 1024 * 1024;

	@LocalServerPort
	int port;

	final HttpClient http = HttpClient.newHttpClient();

	HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("X-API-Key", IntegrationTest.API_KEY);
	}

	@Test
	void answersATwentyMegabyteBodyWith413() throws Exception {
		byte[] body = new byte[20 * MB];
		Arrays.fill(body, (byte) ' ');
		var response = http.send(request("/api/v1/sql/analyze").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertProblem(response, 413);
		assertThat(response.body()).contains("lakegov.web.max-request-size");
	}

	@Test
	void answersATwentyMegabyteChunkedBodyWith413AfterReadingNoMoreThanTheLimit() throws Exception {
		var response = http.send(request("/api/v1/sql/analyze").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.fromPublisher(chunks(20)))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertProblem(response, 413);
	}

	@Test
	void answersATwentyThousandCharacterPathWithProblemDetails() throws Exception {
		var response = http.send(request("/api/v1/tables/" + "a".repeat(20_000) + "/readers").GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isBetween(400, 499);
		assertProblem(response, response.statusCode());
	}

	@Test
	void answersOverlongHeadersWithProblemDetails() throws Exception {
		var response = http.send(request("/api/v1/tables").header("X-Padding", "p".repeat(20_000)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isBetween(400, 499);
		assertProblem(response, response.statusCode());
	}

	@Test
	void answersEncodedNulsWithProblemDetails() throws Exception {
		for (String path : new String[] { "/api/v1/tables/main.s%00.t/readers", "/api/v1/tables?prefix=a%00b",
				"/api/v1/%00", "/%00", "/api/v1/tables/%C0%80/readers", "/api/v1/tables/%C0/readers" }) {
			var response = http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(path).isBetween(400, 499);
			assertProblem(response, response.statusCode());
		}
	}

	private static void assertProblem(HttpResponse<String> response, int status) {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).get()
			.asString()
			.startsWith("application/problem+json");
		assertThat(response.body()).contains("\"status\":" + status).doesNotContainIgnoringCase("<html");
	}

	/** {@code megabytes} of a JSON-ish body, sent without a declared length. */
	private static Flow.Publisher<java.nio.ByteBuffer> chunks(int megabytes) {
		return HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
			long left = (long) megabytes * MB;

			@Override
			public int read() {
				return left-- > 0 ? ' ' : -1;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				if (left <= 0) {
					return -1;
				}
				int n = (int) Math.min(length, left);
				Arrays.fill(buffer, offset, offset + n, (byte) ' ');
				left -= n;
				return n;
			}
		});
	}

}
