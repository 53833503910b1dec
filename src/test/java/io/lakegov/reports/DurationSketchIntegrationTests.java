package io.lakegov.reports;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service values each bucket of the rollup's duration sketch as the store's own function does (to a
 * double's precision past 2^50 ms).
 */
@IntegrationTest
class DurationSketchIntegrationTests {

	@Autowired
	JdbcClient jdbc;

	@Test
	void valuesEveryBucketAsTheStore() {
		var stored = jdbc.sql("SELECT b, query_duration_value(b::smallint) FROM generate_series(0, 512) AS b ORDER BY b")
			.query((rs, n) -> new long[] { rs.getInt(1), rs.getLong(2) })
			.list();
		assertThat(stored).hasSize(513);
		for (long[] bucket : stored) {
			long value = DurationSketch.value((int) bucket[0]);
			if (bucket[1] < 1L << 50) {
				assertThat(value).as("bucket " + bucket[0]).isEqualTo(bucket[1]);
			}
			else {
				// past 2^50 ms (35,000 years) a double's rounding shows in the last digits
				assertThat((double) Math.abs(value - bucket[1])).as("bucket " + bucket[0]).isLessThanOrEqualTo(bucket[1] * 1e-12);
			}
		}
		long seconds = jdbc.sql("SELECT query_duration_bucket(1000)").query(Long.class).single();
		assertThat(Math.abs(DurationSketch.value((int) seconds) - 1000)).isLessThanOrEqualTo(44);
	}

}
