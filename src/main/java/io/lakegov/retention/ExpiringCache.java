package io.lakegov.retention;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

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

	/** The value kept for the key, unless it expired. */
	Optional<V> find(K key) {
		Instant now = clock.instant();
		synchronized (entries) {
			Entry<V> entry = entries.get(key);
			return entry != null && now.isBefore(entry.expires()) ? Optional.of(entry.value()) : Optional.empty();
		}
	}

	/**
	 * Keeps the value for the time to live. Callers load values outside the lock, so a slow source does
	 * not block other keys (two callers may load the same key once each).
	 */
	void put(K key, V value) {
		Instant expires = clock.instant().plus(ttl);
		synchronized (entries) {
			entries.put(key, new Entry<>(value, expires));
		}
	}

	int size() {
		synchronized (entries) {
			return entries.size();
		}
	}

}
