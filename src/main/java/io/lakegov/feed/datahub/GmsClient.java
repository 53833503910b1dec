package io.lakegov.feed.datahub;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lakegov.web.CappedBody;
import io.lakegov.web.FailureText;
import io.lakegov.web.Secrets;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * Posts one proposal to DataHub GMS's Rest.li endpoint {@code /aspects?action=ingestProposal}, as DataHub's own REST
 * emitter does: {@code {"proposal": {..., "aspect": {"value": "<the aspect as JSON text>", "contentType":
 * "application/json"}}}}, protocol header {@code X-RestLi-Protocol-Version: 2.0.0}, the token as a bearer token.
 * Connecting and answering are bounded in time; redirects are not followed.
 */
@Component
class GmsClient {

	/** How much of a failed answer is kept. */
	static final int EXCERPT = 300;

	/** How much of GMS's answer is read at most. */
	static final int ANSWER_READ = 4096;

	private final DataHubProperties properties;

	private final HttpClient http;

	GmsClient(DataHubProperties properties) {
		this.properties = properties;
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/**
	 * What GMS answered: its status (null when it did not answer) and, for a failure, why.
	 *
	 * @param status the HTTP status
	 * @param error why the proposal was not accepted
	 */
	record Answer(@Nullable Integer status, @Nullable String error) {

		boolean accepted() {
			return status != null && status >= 200 && status < 300;
		}

		/**
		 * GMS refused this proposal itself, as invalid or too large (it will refuse it again); other failures are
		 * GMS's or the way's.
		 */
		boolean refused() {
			return status != null && (status == 400 || status == 413 || status == 422);
		}

	}

	Answer post(String body) {
		URI gms = properties.gms();
		if (gms == null) {
			return new Answer(null, "lakegov.datahub.gms-url is not set");
		}
		String base = gms.toString().replaceAll("/+$", "");
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/aspects?action=ingestProposal"))
			.timeout(properties.requestTimeout())
			.header("Content-Type", "application/json")
			.header("X-RestLi-Protocol-Version", "2.0.0")
			.header("User-Agent", "lakegov-datahub")
			.POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
		if (properties.token() != null && !properties.token().isBlank()) {
			request.header("Authorization", "Bearer " + properties.token().strip());
		}
		Duration timeout = properties.requestTimeout().plus(properties.connectTimeout());
		CompletableFuture<HttpResponse<byte[]>> sent = http.sendAsync(request.build(), CappedBody.handler(ANSWER_READ));
		try {
			HttpResponse<byte[]> response = sent.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				return new Answer(status, null);
			}
			String text = FailureText.excerpt(response.body(), EXCERPT);
			return new Answer(status, "GMS answered " + status + (text == null ? "" : ": " + text));
		}
		catch (TimeoutException ex) {
			sent.cancel(true);
			return new Answer(null, "GMS did not answer within " + timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause() == null ? ex : ex.getCause();
			return new Answer(null, Secrets.mask("GMS could not be reached: " + cause.getClass().getSimpleName()
					+ (cause.getMessage() == null ? "" : ": " + cause.getMessage())));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			sent.cancel(true);
			return new Answer(null, "interrupted");
		}
	}

}
