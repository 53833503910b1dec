package io.lakegov.openlineage.outbox;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;

import io.lakegov.openlineage.OpenLineageProperties;
import io.lakegov.web.Secrets;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * Posts one event to the consumer, as OpenLineage's HTTP transport does: JSON to the URL and endpoint, with the
 * configured credentials, a few seconds to connect and to answer, redirects not followed.
 */
@Component
class ConsumerClient {

	/** How much of a failed answer is kept as the error. */
	static final int EXCERPT = 200;

	private final HttpClient http;

	private final OpenLineageProperties properties;

	ConsumerClient(OpenLineageProperties properties) {
		this.properties = properties;
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/** How the consumer took an event. */
	enum Outcome {

		/** Accepted (2xx). */
		SENT,
		/** Refused as malformed (400, 413, 422): sending it again would not help. */
		REJECTED,
		/** Not taken now (no answer, 401/403/404, 408, 429, 5xx, a redirect): tried again after a while. */
		RETRY

	}

	/** What came back: the outcome and, unless sent, why. */
	record Answer(Outcome outcome, @Nullable String error) {
	}

	Answer post(String json) {
		URI target = properties.target();
		HttpRequest.Builder request = HttpRequest.newBuilder(target)
			.timeout(properties.requestTimeout())
			.header("Content-Type", "application/json")
			.header("User-Agent", "lakegov-openlineage")
			.POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
		String[] credentials = properties.auth().header();
		if (credentials != null) {
			request.header(credentials[0], credentials[1]);
		}
		try {
			HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
			int status = response.statusCode();
			String excerpt;
			try (InputStream body = response.body()) {
				excerpt = new String(body.readNBytes(EXCERPT), StandardCharsets.UTF_8).strip();
			}
			if (status >= 200 && status < 300) {
				return new Answer(Outcome.SENT, null);
			}
			String error = "HTTP " + status + (excerpt.isEmpty() ? "" : ": " + Secrets.mask(excerpt));
			return new Answer(status == 400 || status == 413 || status == 422 ? Outcome.REJECTED : Outcome.RETRY, error);
		}
		catch (HttpTimeoutException ex) {
			return new Answer(Outcome.RETRY, "no answer within " + properties.requestTimeout().toMillis() + " ms");
		}
		catch (IOException ex) {
			return new Answer(Outcome.RETRY, Secrets.mask(ex.getClass().getSimpleName()
					+ (ex.getMessage() == null ? "" : ": " + ex.getMessage())));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Answer(Outcome.RETRY, "interrupted");
		}
	}

}
