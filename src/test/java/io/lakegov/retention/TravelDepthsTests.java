package io.lakegov.retention;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class TravelDepthsTests {

	static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			2026-02-28 12:00:00                      | 24
			2026-02-28T12:00:00.000+00:00            | 24
			2026-02-28                               | 36
			20260228120000000                        | 24
			current_timestamp() - interval 3 days    | 72
			now() - interval '12' hours              | 12
			current_date() - interval 1 day          | 36
			date_sub(current_date(), 2)              | 60
			timestamp '2026-02-27 12:00:00'          | 48
			cast('2026-02-27 12:00:00' as timestamp) | 48
			""")
	void measuresTimestampDepth(String value, long hours) {
		var read = new TravelRead("s", "main.a.b", "TIMESTAMP", value, "AS_OF", "u", "ADHOC", START, null);
		assertThat(TravelDepths.depth(read, CommitHistory.EMPTY)).contains(Duration.ofHours(hours));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			current_timestamp() - make_interval(0, 0, 0, 3)
			(select max(ts) from audit.cutoffs)
			yesterday
			""")
	void leavesOtherExpressionsUnknown(String value) {
		var read = new TravelRead("s", "main.a.b", "TIMESTAMP", value, "AS_OF", "u", "ADHOC", START, null);
		assertThat(TravelDepths.depth(read, CommitHistory.EMPTY)).isEmpty();
	}

}
