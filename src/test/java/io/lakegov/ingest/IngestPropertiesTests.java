package io.lakegov.ingest;

import java.time.Duration;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class IngestPropertiesTests {

	@Test
	void heartbeatsThreeTimesWithinTheStaleRunTimeoutAndAtLeastEveryTwentySeconds() {
		assertThat(withStaleRunTimeout(Duration.ofSeconds(30)).heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(withStaleRunTimeout(Duration.ofMinutes(15)).heartbeatInterval()).isEqualTo(Duration.ofSeconds(20));
	}

	@Test
	void refusesAStaleRunTimeoutTooShortForThreeHeartbeats() {
		assertThatIllegalArgumentException().isThrownBy(() -> withStaleRunTimeout(Duration.ofSeconds(29)))
			.withMessageContaining("stale-run-timeout must be at least 30s");
	}

	private static IngestProperties withStaleRunTimeout(Duration timeout) {
		return new IngestProperties(true, "0 0 * * * *", ZoneId.of("UTC"), Duration.ofHours(2), Duration.ZERO,
				Duration.ofDays(365), 5000, true, Duration.ofSeconds(5), Duration.ofHours(24), 3, Duration.ofSeconds(10),
				timeout, Duration.ofHours(6));
	}

}
