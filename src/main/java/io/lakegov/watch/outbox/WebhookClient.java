package io.lakegov.watch.outbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lakegov.watch.WatchProperties;
import io.lakegov.web.CappedBody;
import io.lakegov.web.FailureText;
import io.lakegov.web.Secrets;

import org.springframework.stereotype.Component;

/**
 * Posts a delivery to a receiver: the target checked again first, a few seconds to connect and to answer in
 * all (the capped answer included), redirects never followed (a 3xx is a failed attempt).
 */
@Component
class WebhookClient {

	/** How much of a failed answer is kept with the attempt. */
	static final int EXCERPT = 200;

	private final HttpClient http;

	private final TargetGuard guard;

	private final Duration timeout;

	private final int maxResponse;

	WebhookClient(WatchProperties properties, TargetGuard guard) {
		this.guard = guard;
		this.timeout = properties.requestTimeout();
		this.maxResponse = (int) Math.min(Integer.MAX_VALUE, properties.maxResponse().toBytes());
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/** What came back: the status (null when none did) and, for a failure, why. */
	record Answer(Integer status, String error) {

		boolean delivered() {
			return status != null && status >= 200 && status < 300;
		}

	}

	Answer post(String url, byte[] body, Map<String, String> headers) {
		URI uri;
		try {
			uri = guard.check(url);
		}
		catch (IllegalArgumentException refused) {
			return new Answer(null, refused.getMessage());
		}
		HttpRequest.Builder request = HttpRequest.newBuilder(uri)
			.timeout(timeout)
			.header("Content-Type", "application/json")
			.header("User-Agent", "lakegov-watch")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body));
		headers.forEach(request::header);
		CompletableFuture<HttpResponse<byte[]>> sent = http.sendAsync(request.build(), CappedBody.handler(maxResponse));
		try {
			HttpResponse<byte[]> response = sent.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				return new Answer(status, null);
			}
			if (status >= 300 && status < 400) {
				return new Answer(status, "redirect not followed"
						+ response.headers().firstValue("Location").map(location -> " (to " + location + ")").orElse(""));
			}
			return new Answer(status, excerpt(response.body()));
		}
		catch (TimeoutException ex) {
			sent.cancel(true);
			return new Answer(null, "no answer within " + timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause() == null ? ex : ex.getCause();
			return new Answer(null, Secrets.mask(cause.getClass().getSimpleName()
					+ (cause.getMessage() == null ? "" : ": " + cause.getMessage())));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			sent.cancel(true);
			return new Answer(null, "interrupted");
		}
	}

	private static String excerpt(byte[] body) {
		return FailureText.excerpt(body, EXCERPT);
	}

}
