package io.lakegov.web;

import java.time.Duration;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BackoffTests {

	static final Backoff BACKOFF = new Backoff(Duration.ofSeconds(10), Duration.ofHours(1));

	@Test
	void doublesFromTheFirstDelayWithJitterBetweenHalfAndAll() {
		RandomGenerator random = RandomGenerator.getDefault();
		for (int i = 0; i < 100; i++) {
			assertThat(BACKOFF.after(1, random)).isBetween(Duration.ofSeconds(5), Duration.ofSeconds(10));
			assertThat(BACKOFF.after(3, random)).isBetween(Duration.ofSeconds(20), Duration.ofSeconds(40));
		}
	}

	@Test
	void neverWaitsLongerThanTheLongestDelay() {
		RandomGenerator random = RandomGenerator.getDefault();
		for (int attempt = 1; attempt < 200; attempt++) {
			assertThat(BACKOFF.after(attempt, random)).isLessThanOrEqualTo(Duration.ofHours(1));
		}
		assertThat(BACKOFF.after(100, random)).isGreaterThanOrEqualTo(Duration.ofMinutes(30));
	}

}
