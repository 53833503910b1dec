package io.lakegov.watch.detect;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lakegov.catalog.Deprecation;
import io.lakegov.catalog.Deprecations;
import io.lakegov.watch.WatchRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The watches and deprecation marks, held in memory and loaded again when the store's version of them
 * ({@link #VERSION}) moved, whichever replica changed them. A change made on this replica is seen at once;
 * the version is looked at at most every {@link #LOOK_EVERY} otherwise, so most batches that no watch
 * concerns cost no query at all.
 */
@Component
public class ActiveWatches {

	private static final Logger log = LoggerFactory.getLogger(ActiveWatches.class);

	private final JdbcClient jdbc;

	private final WatchRepository watches;

	private final Deprecations deprecations;

	/**
	 * The version of the watches and marks the store holds: a digest of every row of both, so that it moves with
	 * the change itself, in the change's own transaction (a counter bumped after the commit would be lost by a
	 * replica that died in between), and reading it takes the rows' own snapshot.
	 */
	static final String VERSION = """
			SELECT ((coalesce((SELECT sum(hashtextextended(w::text, 0)) FROM watch w), 0)
			         + 31 * coalesce((SELECT sum(hashtextextended(d::text, 0)) FROM table_deprecation d), 0))
			        % 9223372036854775807)::bigint""";

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
		Optional<WatchSet> fresh = fresh();
		if (fresh.isPresent()) {
			return fresh.get();
		}
		WatchSet set = held;
		long now = System.nanoTime();
		long version = jdbc.sql(VERSION).query(Long.class).single();
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

	/**
	 * Tells this replica that watches or marks changed, once the change committed; the others see it in what the
	 * store holds ({@link #VERSION}). The sequence {@code watch_version} is still bumped, at best, for replicas of
	 * the release before, which look at it, while a rolling upgrade runs.
	 */
	public void changed() {
		held = null;
		try {
			jdbc.sql("SELECT nextval('watch_version')").query(Long.class).single();
		}
		catch (DataAccessException ex) {
			log.debug("watch_version could not be bumped for replicas of the release before", ex);
		}
	}

}
