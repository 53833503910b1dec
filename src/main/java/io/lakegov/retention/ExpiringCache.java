package io.lakegov.retention;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A small least-recently-used cache whose entries expire: metadata from the source changes rarely and
 * costs a warehouse round trip, but must not be kept forever or without bound.
 */
final class ExpiringCache<K, V> {

	private record Entry<V>(V value, Instant expires) {
	}

	private final Map<K, Entry<V>> entries;

	private final Duration ttl;

	private final Clock clock;

	ExpiringCache(int maxSize, Duration ttl, Clock clock) {
		this.ttl = ttl;
		this.clock = clock;
		this.entries = new LinkedHashMap<>(16, 0.75f, true) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<K, Entry<V>> eldest) {
				return size() > maxSize;
			}
		};
	}

	/**
	 * The cached value, or the loader's; a loader that throws caches nothing. The loader runs outside
	 * the lock, so a slow source does not block other keys (two callers may load the same key once each).
	 */
	V get(K key, Function<K, V> loader) {
		Instant now = clock.instant();
		synchronized (entries) {
			Entry<V> entry = entries.get(key);
			if (entry != null && now.isBefore(entry.expires())) {
				return entry.value();
			}
		}
		V value = loader.apply(key);
		synchronized (entries) {
			entries.put(key, new Entry<>(value, now.plus(ttl)));
		}
		return value;
	}

	int size() {
		synchronized (entries) {
			return entries.size();
		}
	}

}
