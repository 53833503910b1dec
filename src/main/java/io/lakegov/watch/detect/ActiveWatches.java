package io.lakegov.watch.detect;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lakegov.catalog.Deprecation;
import io.lakegov.catalog.Deprecations;
import io.lakegov.watch.WatchRepository;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The watches and deprecation marks, held in memory and loaded again when the store's {@code watch_version}
 * moved: every change bumps it after it commits, on whichever replica, and each ingestion batch reads it
 * (one row) before matching its facts, so a batch that no watch concerns costs one query.
 */
@Component
public class ActiveWatches {

	private final JdbcClient jdbc;

	private final WatchRepository watches;

	private final Deprecations deprecations;

	private volatile WatchSet held;

	ActiveWatches(JdbcClient jdbc, WatchRepository watches, Deprecations deprecations) {
		this.jdbc = jdbc;
		this.watches = watches;
		this.deprecations = deprecations;
	}

	/** The watches and marks as committed now (loaded again only when they changed). */
	WatchSet current() {
		long version = jdbc.sql("SELECT last_value FROM watch_version").query(Long.class).single();
		WatchSet set = held;
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
