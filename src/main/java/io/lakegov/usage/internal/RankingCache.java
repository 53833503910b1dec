package io.lakegov.usage.internal;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.lakegov.usage.RankingProperties;

import org.springframework.stereotype.Component;

/**
 * Reuses a computed ranking for a short time. A ranking aggregates every table's rollup rows of the
 * window (hundreds of thousands in a busy workspace); dashboards and catalog tools ask for the same
 * few windows over and over, while the rollups only change when ingestion runs. Each replica keeps
 * its own cache, so a ranking may lag ingestion by at most the TTL.
 */
@Component
class RankingCache {

	private final RankingProperties properties;

	private final Clock clock = Clock.systemUTC();

	private final Map<Object, Entry> entries = new ConcurrentHashMap<>();

	RankingCache(RankingProperties properties) {
		this.properties = properties;
	}

	<T> List<T> get(Object key, Supplier<List<T>> compute) {
		if (properties.cacheTtl().isZero()) {
			return compute.get();
		}
		Instant now = clock.instant();
		Entry entry = entries.get(key);
		if (entry != null && entry.expires().isAfter(now)) {
			@SuppressWarnings("unchecked")
			List<T> rows = (List<T>) entry.rows();
			return rows;
		}
		List<T> rows = List.copyOf(compute.get());
		if (entries.size() >= properties.cacheEntries()) {
			entries.values().removeIf(old -> !old.expires().isAfter(now));
		}
		if (entries.size() < properties.cacheEntries()) {
			entries.put(key, new Entry(rows, now.plus(properties.cacheTtl())));
		}
		return rows;
	}

	private record Entry(List<?> rows, Instant expires) {
	}

}
