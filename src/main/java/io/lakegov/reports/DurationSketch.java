package io.lakegov.reports;

import java.util.TreeMap;

/**
 * The 95th percentile of a shape's durations from the days' duration sketches ({@code table_query_daily}):
 * bucket 0 holds 0 ms, bucket b >= 1 the durations in [2^((b-1)/8), 2^(b/8)) ms, eight buckets per
 * doubling, each represented by its geometric middle 2^((b-0.5)/8), at most 4.4 % from any duration in it
 * (the buckets are those of the rollup's {@code query_duration_bucket}). The nearest rank is ceil(0.95 n)
 * of the n timed statements; the answer never leaves the shortest and longest duration.
 */
final class DurationSketch {

	private final TreeMap<Integer, Long> statements = new TreeMap<>();

	/** Adds the statements of buckets, pairwise (one day's sketch or several days' in a row). */
	DurationSketch add(Short[] buckets, Long[] counts) {
		if (buckets.length != counts.length) {
			throw new IllegalArgumentException("a sketch has as many counts as buckets");
		}
		for (int i = 0; i < buckets.length; i++) {
			statements.merge(buckets[i].intValue(), counts[i], DurationSketch::saturatedSum);
		}
		return this;
	}

	/**
	 * The nearest-rank 95th percentile of {@code timed} durations, kept between the shortest and longest;
	 * null when no statement was timed.
	 */
	Long p95(long timed, Long shortest, Long longest) {
		long rank = timed - timed / 20;
		long below = 0;
		for (var bucket : statements.entrySet()) {
			below = saturatedSum(below, bucket.getValue());
			if (below >= rank) {
				return within(value(bucket.getKey()), shortest, longest);
			}
		}
		return within(null, shortest, longest);
	}

	/** The representative duration of a bucket, in ms. */
	static long value(int bucket) {
		return bucket <= 0 ? 0 : Math.round(Math.pow(2, (bucket - 0.5) / 8));
	}

	/** As SQL's least(greatest(value, shortest), longest): nulls are left out. */
	private static Long within(Long value, Long shortest, Long longest) {
		Long low = value == null ? shortest : shortest == null ? value : Long.valueOf(Math.max(value, shortest));
		if (low == null) {
			return longest;
		}
		return longest == null ? low : Long.valueOf(Math.min(low, longest));
	}

	private static long saturatedSum(long a, long b) {
		long sum = a + b;
		return ((a ^ sum) & (b ^ sum)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : sum;
	}

}
