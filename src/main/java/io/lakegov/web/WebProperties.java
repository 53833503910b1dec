package io.lakegov.web;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits on what a request may bring, how often, and how long its reads may keep the store busy.
 *
 * @param maxRequestSize larger request bodies are answered 413 before they are read
 * @param rateLimit how often one caller may call the operations marked {@link RateLimited}
 * @param queryTimeout how long one statement of a read request ({@code GET}, {@code HEAD}) may run on the
 * store before it is cancelled and the caller is answered 503 ({@link ReadTimeouts}); {@code 0s}: no limit
 */
@ConfigurationProperties("lakegov.web")
public record WebProperties(@DefaultValue("10MB") DataSize maxRequestSize, @DefaultValue RateLimit rateLimit,
		@DefaultValue("30s") Duration queryTimeout) {

	public WebProperties {
		if (maxRequestSize.toBytes() < 1) {
			throw new IllegalArgumentException("lakegov.web.max-request-size must be positive");
		}
		if (queryTimeout.isNegative() || (!queryTimeout.isZero() && queryTimeout.toMillis() < 1)) {
			throw new IllegalArgumentException("lakegov.web.query-timeout must be 0s (no limit) or at least 1ms, was "
					+ queryTimeout);
		}
	}

	/**
	 * A per-caller limit (each API key, each token subject on its own).
	 *
	 * @param enabled whether the limit applies
	 * @param requests calls allowed per period
	 * @param period the period after which a caller's calls are counted afresh
	 * @param callers how many callers' counts are kept at most (the least recent are forgotten)
	 */
	public record RateLimit(@DefaultValue("true") boolean enabled, @DefaultValue("60") int requests,
			@DefaultValue("1m") Duration period, @DefaultValue("10000") int callers) {

		public RateLimit {
			if (requests < 1 || period.isNegative() || period.isZero() || callers < 1) {
				throw new IllegalArgumentException(
						"lakegov.web.rate-limit: requests and callers must be at least 1, the period positive");
			}
		}

	}

}
