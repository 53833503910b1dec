package io.lakegov.retention.text;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IntervalTextTests {

	@Test
	void writesATablesIntervalInTheLargestUnitThatHoldsItExactly() {
		assertThat(IntervalText.exact(Duration.ofDays(30))).isEqualTo("interval 30 days");
		assertThat(IntervalText.exact(Duration.ofHours(1))).isEqualTo("interval 1 hours");
		assertThat(IntervalText.exact(Duration.ofHours(36))).isEqualTo("interval 36 hours");
		assertThat(IntervalText.exact(Duration.ofSeconds(90))).isEqualTo("interval 90 seconds");
		assertThat(IntervalText.exact(Duration.ofMillis(1500))).isEqualTo("interval 1500 milliseconds");
		assertThat(IntervalText.exact(Duration.ZERO)).isEqualTo("interval 0 milliseconds");
	}

	@Test
	void proposesWholeDaysRoundedUp() {
		assertThat(IntervalText.format(Duration.ofHours(1))).isEqualTo("interval 1 days");
		assertThat(IntervalText.format(Duration.ofHours(49))).isEqualTo("interval 3 days");
	}

	@Test
	void readsWhatItWrites() {
		for (Duration duration : new Duration[] { Duration.ofDays(7), Duration.ofHours(1), Duration.ofMinutes(90) }) {
			assertThat(IntervalText.parse(IntervalText.exact(duration))).contains(duration);
		}
	}

}
