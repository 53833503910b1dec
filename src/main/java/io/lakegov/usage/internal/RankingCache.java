package io.lakegov.usage.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.lakegov.usage.RankingProperties;

import org.springframework.stereotype.Component;

/**
 * Reuses a computed ranking while the store generation it was computed at is current. Rankings only
 * change when an ingestion batch commits, and every batch bumps the generation, so a reused ranking
 * is always what a fresh computation would answer. Dashboards and catalog tools ask for the same few
 * windows over and over; each replica keeps its own entries.
 */
@Component
class RankingCache {

	private final RankingProperties properties;

	private final Map<Key, List<?>> entries = new ConcurrentHashMap<>();

	RankingCache(RankingProperties properties) {
		this.properties = properties;
	}

	<T> List<T> get(long generation, Object key, Supplier<List<T>> compute) {
		if (!properties.cacheEnabled()) {
			return compute.get();
		}
		var entryKey = new Key(generation, key);
		@SuppressWarnings("unchecked")
		List<T> cached = (List<T>) entries.get(entryKey);
		if (cached != null) {
			return cached;
		}
		List<T> rows = List.copyOf(compute.get());
		// entries of older generations can never be asked for again
		entries.keySet().removeIf(old -> old.generation() < generation);
		if (entries.size() < properties.cacheEntries()) {
			entries.put(entryKey, rows);
		}
		return rows;
	}

	private record Key(long generation, Object ranking) {
	}

}
