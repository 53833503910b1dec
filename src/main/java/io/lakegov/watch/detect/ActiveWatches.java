package io.lakegov.watch.detect;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lakegov.catalog.Deprecation;
import io.lakegov.catalog.Deprecations;
import io.lakegov.watch.WatchRepository;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The watches and deprecation marks, held in memory and loaded again when the store's {@code watch_version}
 * moved: every change bumps it after it commits, on whichever replica. A change made on this replica is
 * seen at once; the version is looked at (one row) at most every {@link #LOOK_EVERY} otherwise, so most
 * batches that no watch concerns cost no query at all.
 */
@Component
public class ActiveWatches {

	private final JdbcClient jdbc;

	private final WatchRepository watches;

	private final Deprecations deprecations;

	/** How often the store's version is looked at: batches in between reuse what is held without a query. */
	static final Duration LOOK_EVERY = Duration.ofSeconds(2);

	private volatile WatchSet held;

	private volatile long lookedAt;

	ActiveWatches(JdbcClient jdbc, WatchRepository watches, Deprecations deprecations) {
		this.jdbc = jdbc;
		this.watches = watches;
		this.deprecations = deprecations;
	}

	/**
	 * What is held, when the store's version was looked at less than {@link #LOOK_EVERY} ago: no query. Empty
	 * when {@link #current()} has to ask the store.
	 */
	Optional<WatchSet> fresh() {
		WatchSet set = held;
		return set != null && System.nanoTime() - lookedAt < LOOK_EVERY.toNanos() ? Optional.of(set) : Optional.empty();
	}

	/** The watches and marks as committed now, or at most {@link #LOOK_EVERY} ago on another replica. */
	WatchSet current() {
		WatchSet set = held;
		long now = System.nanoTime();
		if (set != null && now - lookedAt < LOOK_EVERY.toNanos()) {
			return set;
		}
		long version = jdbc.sql("SELECT last_value FROM watch_version").query(Long.class).single();
		lookedAt = now;
		if (set == null || set.version() != version) {
			Map<String, Deprecation> marks = deprecations.all()
				.stream()
				.collect(Collectors.toMap(Deprecation::table, Function.identity()));
			set = new WatchSet(version, watches.all().stream().map(WatchSet.Active::of).toList(), marks);
			held = set;
		}
		return set;
	}

	/** Tells every replica that watches or marks changed; call after the change committed. */
	public void changed() {
		jdbc.sql("SELECT nextval('watch_version')").query(Long.class).single();
		held = null;
	}

}
