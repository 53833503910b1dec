package io.lakegov.web;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The delay before the next attempt: doubling from the first delay up to the longest, each drawn between half
 * of it and all of it, so that what failed together (a receiver or a warehouse down) does not come back
 * together. Every sender that retries (watch webhooks, OpenLineage, DataHub, the archive) waits by it.
 */
public record Backoff(Duration initial, Duration max) {

	/** The delay after the given number of failed attempts in a row (1 for the first). */
	public Duration after(int attempts, RandomGenerator random) {
		long full = initial.toMillis();
		for (int i = 1; i < attempts && full < max.toMillis(); i++) {
			full *= 2;
		}
		full = Math.min(full, max.toMillis());
		long half = full / 2;
		return Duration.ofMillis(half + random.nextLong(full - half + 1));
	}

}
