package io.lakegov.retention;

import java.time.Duration;
import java.util.List;

/** Retention is proposed in a few memorable steps, never in odd numbers of days. */
final class RetentionSteps {

	static final List<Integer> DAYS = List.of(7, 14, 30, 60, 90, 180, 365);

	private RetentionSteps() {
	}

	/** The smallest step that covers {@code needed}; beyond a year, whole years. */
	static Duration roundUp(Duration needed) {
		for (int days : DAYS) {
			if (Duration.ofDays(days).compareTo(needed) >= 0) {
				return Duration.ofDays(days);
			}
		}
		long years = (needed.toSeconds() + 365L * 86400 - 1) / (365L * 86400);
		return Duration.ofDays(365 * years);
	}

	/** The next step strictly above {@code current}. */
	static Duration above(Duration current) {
		return roundUp(current.plusSeconds(1));
	}

}
