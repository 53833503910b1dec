package io.lakegov.watch.detect;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The latest committed access this replica saw of each (role, watched table, principal), so that a principal
 * who keeps reading a watched table is known to return without asking the store batch after batch. Only
 * accesses whose batch committed are kept; what another replica ingested is found in the store.
 */
@Component
class RecentAccesses {

	/** Principals and tables held at most; the least recently used make room. */
	static final long MAX_KEPT = 200_000;

	record Key(String role, String table, String user) {
	}

	private final Cache<Key, Instant> latest = Caffeine.newBuilder().maximumSize(MAX_KEPT).build();

	/** Whether a committed access of the key is known inside the window before {@code at}. */
	boolean seen(Key key, Instant at, Duration window) {
		Instant last = latest.getIfPresent(key);
		return last != null && last.isBefore(at) && !last.isBefore(at.minus(window));
	}

	/** Keeps the accesses once the current transaction commits. */
	void afterCommit(Map<Key, Instant> accesses) {
		if (accesses.isEmpty()) {
			return;
		}
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCommit() {
				accesses.forEach((key, at) -> latest.asMap().merge(key, at, (a, b) -> a.isAfter(b) ? a : b));
			}
		});
	}

}
