package io.lakegov.web;

import java.util.concurrent.TimeUnit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Counts each caller's calls of {@link RateLimited} operations with a resilience4j rate limiter of its
 * own, and refuses calls over the limit with 429 and the seconds until the next permit.
 */
final class RateLimitInterceptor implements HandlerInterceptor {

	private final RateLimiterConfig config;

	private final Cache<String, RateLimiter> limiters;

	RateLimitInterceptor(WebProperties.RateLimit properties) {
		this.config = RateLimiterConfig.custom()
			.limitForPeriod(properties.requests())
			.limitRefreshPeriod(properties.period())
			.timeoutDuration(java.time.Duration.ZERO)
			.build();
		this.limiters = Caffeine.newBuilder()
			.maximumSize(properties.callers())
			.expireAfterAccess(properties.period().multipliedBy(2))
			.build();
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (!(handler instanceof HandlerMethod method) || !method.hasMethodAnnotation(RateLimited.class)) {
			return true;
		}
		// each operation its own count, so that one caller's analyses do not use up its retention answers
		String caller = Callers.name() + " " + method.getBeanType().getSimpleName() + "." + method.getMethod().getName();
		RateLimiter limiter = limiters.get(caller, name -> RateLimiter.of(name, config));
		if (limiter.acquirePermission()) {
			return true;
		}
		long nanos = limiter instanceof AtomicRateLimiter atomic ? atomic.getDetailedMetrics().getNanosToWait()
				: config.getLimitRefreshPeriod().toNanos();
		long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(nanos) + 1);
		throw new TooManyRequests(seconds);
	}

	/** A caller over its limit, to try again after {@code retryAfterSeconds}. */
	static final class TooManyRequests extends ApiException {

		private final long retryAfterSeconds;

		TooManyRequests(long retryAfterSeconds) {
			super(HttpStatus.TOO_MANY_REQUESTS, ProblemTypes.RATE_LIMITED, "Too many calls of this operation with "
					+ "these credentials; try again in " + retryAfterSeconds + " s (lakegov.web.rate-limit).");
			this.retryAfterSeconds = retryAfterSeconds;
		}

		long retryAfterSeconds() {
			return retryAfterSeconds;
		}

	}

}
