package io.lakegov.retention;

import io.lakegov.retention.text.TravelFailures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/** Turns one table's time-travel reads into evidence: depths, failures, people and query sources. */
final class EvidenceCollector {

	private EvidenceCollector() {
	}

	/**
	 * @param reads the table's reads that time-travelled or failed in the lookback
	 * @param history the table's commit history (empty when no read was by version)
	 */
	static RetentionEvidence collect(String table, Instant from, Instant to, List<TravelRead> reads,
			CommitHistory history, TableUsage usage) {
		int travelled = 0;
		int unknown = 0;
		int failures = 0;
		Duration failedMax = null;
		List<Duration> depths = new ArrayList<>();
		Map<String, Integer> classes = new TreeMap<>();
		TreeSet<String> users = new TreeSet<>();
		TreeSet<String> sources = new TreeSet<>();
		for (TravelRead read : reads) {
			Optional<String> failure = TravelFailures.classify(read.errorMessage(), read.timeTravelled());
			if (!read.timeTravelled() && failure.isEmpty()) {
				continue;
			}
			users.add(read.user());
			sources.add(read.source());
			Optional<Duration> depth = TravelDepths.depth(read, history);
			if (read.timeTravelled()) {
				travelled++;
				if (depth.isPresent()) {
					depths.add(depth.get());
				}
				else {
					unknown++;
				}
			}
			if (failure.isPresent()) {
				failures++;
				classes.merge(failure.get(), 1, Integer::sum);
				if (depth.isPresent() && (failedMax == null || depth.get().compareTo(failedMax) > 0)) {
					failedMax = depth.get();
				}
			}
		}
		if (travelled == 0 && failures == 0) {
			return RetentionEvidence.none(table, from, to, usage);
		}
		depths.sort(null);
		return new RetentionEvidence(table, from, to, travelled, depths.size(), unknown,
				days(depths.isEmpty() ? null : RetentionEvidence.percentile(depths, 50)),
				days(depths.isEmpty() ? null : RetentionEvidence.percentile(depths, 99)),
				days(depths.isEmpty() ? null : depths.get(depths.size() - 1)), failures, days(failedMax), classes,
				List.copyOf(users), List.copyOf(sources), usage, depths);
	}

	private static Double days(Duration duration) {
		return duration == null ? null : SettingValue.days(duration);
	}

}
