package io.lakegov.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TimeRangeTests {

	static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

	@Test
	void spansTheRowsWidenedByTheRoundingOfTimesFinerThanMicroseconds() {
		TimeRange range = TimeRange.of(List.of(T0.plusSeconds(5), T0.plusNanos(1_000_000_999L), T0.plusSeconds(2)),
				time -> time);

		assertThat(range.first()).isEqualTo(Timestamp.from(T0.plusNanos(999_000_999L)));
		assertThat(range.last()).isEqualTo(Timestamp.from(T0.plusSeconds(5).plusMillis(1)));
	}

	@Test
	void readsAtMostFourStoredRowsPerRowAskedAbout() {
		TimeRange range = TimeRange.of(List.of(T0, T0), time -> time);

		assertThat(range.limit()).isEqualTo(8);
		assertThat(range.whole(8)).isTrue();
		assertThat(range.whole(9)).isFalse();
	}

	@Test
	void needsRows() {
		assertThatIllegalArgumentException().isThrownBy(() -> TimeRange.of(List.<Instant>of(), time -> time));
	}

}
