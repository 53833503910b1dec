package io.lakegov.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What the usage facts say about how far back people read a table, over the lookback.
 *
 * @param table the table, {@code catalog.schema.table}
 * @param from start of the lookback
 * @param to end of the lookback (now)
 * @param timeTravelReads reads that time-travelled (successful or not)
 * @param depthKnown of those, reads whose depth is known
 * @param depthUnknown reads whose depth could not be determined (a version no longer in the commit
 * history, an expression that is not a simple interval)
 * @param p50Days median depth, in days (nearest rank), null without known depths
 * @param p99Days 99th percentile of depth, in days (nearest rank)
 * @param maxDays deepest read, in days
 * @param failures reads that failed because the history they asked for was gone
 * @param failedMaxDays deepest failed read with a known depth, in days
 * @param failureClasses failures by error class
 * @param users who time-travelled or failed to, sorted
 * @param sources the query sources involved ({@code JOB:1001}, {@code NOTEBOOK:nb-1}, {@code ADHOC}), sorted
 * @param usage reads and writes in the lookback and the last read
 * @param depths every known depth, ascending (not part of the API: the percentiles summarise it)
 */
public record RetentionEvidence(String table, Instant from, Instant to, int timeTravelReads, int depthKnown,
		int depthUnknown, Double p50Days, Double p99Days, Double maxDays, int failures, Double failedMaxDays,
		Map<String, Integer> failureClasses, List<String> users, List<String> sources, TableUsage usage,
		@JsonIgnore List<Duration> depths) {

	public RetentionEvidence {
		failureClasses = Map.copyOf(failureClasses);
		users = List.copyOf(users);
		sources = List.copyOf(sources);
		depths = List.copyOf(depths);
	}

	/** Nothing known about the table in the lookback. */
	static RetentionEvidence none(String table, Instant from, Instant to, TableUsage usage) {
		return new RetentionEvidence(table, from, to, 0, 0, 0, null, null, null, 0, null, Map.of(), List.of(),
				List.of(), usage, List.of());
	}

	boolean travelled() {
		return timeTravelReads > 0 || failures > 0;
	}

	/** Nearest-rank percentile of the known depths (p between 0 and 100). */
	static Duration percentile(List<Duration> ascending, double p) {
		int rank = (int) Math.ceil(p / 100.0 * ascending.size());
		return ascending.get(Math.max(0, rank - 1));
	}

	Duration p99() {
		return depths.isEmpty() ? null : percentile(depths, 99);
	}

	Duration max() {
		return depths.isEmpty() ? null : depths.get(depths.size() - 1);
	}

	/** Known depths beyond what the given retention keeps. */
	long beyond(Duration keeps) {
		return depths.stream().filter(depth -> depth.compareTo(keeps) > 0).count();
	}

}
