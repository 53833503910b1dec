package io.lakegov.openlineage.outbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lakegov.openlineage.OpenLineageProperties;
import io.lakegov.web.CappedBody;
import io.lakegov.web.FailureText;
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

	/** How much of an answer is read at most (the rest is not waited for). */
	static final int ANSWER_READ = 4096;

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
		// the whole exchange, the answer's body too, within connect + request timeout: a consumer (or a proxy)
		// that sends its headers and then stalls must not hold the source's sender
		Duration timeout = properties.connectTimeout().plus(properties.requestTimeout());
		CompletableFuture<HttpResponse<byte[]>> sent = http.sendAsync(request.build(), CappedBody.handler(ANSWER_READ));
		try {
			HttpResponse<byte[]> response = sent.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				return new Answer(Outcome.SENT, null);
			}
			byte[] body = response.body();
			String excerpt = FailureText.excerpt(body, EXCERPT);
			String error = "HTTP " + status + (excerpt == null ? "" : ": " + excerpt);
			return new Answer(status == 400 || status == 413 || status == 422 ? Outcome.REJECTED : Outcome.RETRY, error);
		}
		catch (TimeoutException ex) {
			sent.cancel(true);
			return new Answer(Outcome.RETRY, "no answer within " + timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause() == null ? ex : ex.getCause();
			if (cause instanceof HttpTimeoutException) {
				return new Answer(Outcome.RETRY, "no answer within " + properties.requestTimeout().toMillis() + " ms");
			}
			return new Answer(Outcome.RETRY, Secrets.mask(cause.getClass().getSimpleName()
					+ (cause.getMessage() == null ? "" : ": " + cause.getMessage())));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			sent.cancel(true);
			return new Answer(Outcome.RETRY, "interrupted");
		}
	}

}
