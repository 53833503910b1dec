package io.lakegov.watch.outbox;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The delay before the next attempt: doubling from the first delay up to the longest, each drawn between half
 * of it and all of it, so that events that failed together (a receiver down) do not come back together.
 */
record Backoff(Duration initial, Duration max) {

	Duration after(int attempts, RandomGenerator random) {
		long full = initial.toMillis();
		for (int i = 1; i < attempts && full < max.toMillis(); i++) {
			full *= 2;
		}
		full = Math.min(full, max.toMillis());
		long half = full / 2;
		return Duration.ofMillis(half + random.nextLong(full - half + 1));
	}

}
