package io.lakegov.reports;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DurationSketchTests {

	@Test
	void answersTheBucketOfTheNearestRankSummedOverDays() {
		// 20 timed statements: rank ceil(0.95 * 20) = 19, reached in bucket 9 (16 below it, 3 more in it)
		var sketch = new DurationSketch().add(new Short[] { 1, 9 }, new Long[] { 10L, 2L })
			.add(new Short[] { 1, 9, 17 }, new Long[] { 6L, 1L, 1L });
		assertThat(sketch.p95(20, 1L, 10_000L)).isEqualTo(DurationSketch.value(9));
		assertThat(DurationSketch.value(9)).isEqualTo(Math.round(Math.pow(2, 8.5 / 8)));
	}

	@Test
	void takesTheFirstBucketThatHoldsTheRank() {
		// 21 statements: rank ceil(19.95) = 20, the last of bucket 8
		var sketch = new DurationSketch().add(new Short[] { 8, 24 }, new Long[] { 20L, 1L });
		assertThat(sketch.p95(21, 1L, 1_000_000L)).isEqualTo(DurationSketch.value(8));
		assertThat(sketch.p95(1, 1L, 1_000_000L)).as("one statement: rank 1").isEqualTo(DurationSketch.value(8));
	}

	@Test
	void staysBetweenTheShortestAndTheLongestDuration() {
		var sketch = new DurationSketch().add(new Short[] { 80 }, new Long[] { 3L });
		long middle = DurationSketch.value(80);
		assertThat(sketch.p95(3, middle + 5, middle + 9)).isEqualTo(middle + 5);
		assertThat(sketch.p95(3, middle - 9, middle - 5)).isEqualTo(middle - 5);
		assertThat(new DurationSketch().add(new Short[] { 0 }, new Long[] { 4L }).p95(4, 0L, 0L)).isZero();
	}

	@Test
	void answersNullWithoutTimedStatements() {
		assertThat(new DurationSketch().p95(0, null, null)).isNull();
		assertThat(new DurationSketch().p95(5, 7L, 9L)).as("no bucket reaches the rank: the shortest").isEqualTo(7);
	}

	@Test
	void saturatesAtTheLongestDurationALongHolds() {
		var sketch = new DurationSketch().add(new Short[] { 505 }, new Long[] { Long.MAX_VALUE })
			.add(new Short[] { 505 }, new Long[] { Long.MAX_VALUE });
		assertThat(sketch.p95(Long.MAX_VALUE, 1L, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void refusesASketchWhoseArraysDiffer() {
		assertThatIllegalArgumentException().isThrownBy(() -> new DurationSketch().add(new Short[] { 1 }, new Long[0]));
	}

}
