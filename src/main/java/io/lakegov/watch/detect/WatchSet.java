package io.lakegov.watch.detect;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.catalog.Deprecation;
import io.lakegov.watch.EventType;
import io.lakegov.watch.TablePattern;
import io.lakegov.watch.Watch;

/**
 * The watches and deprecation marks as one replica holds them in memory, with the version of the store it
 * loaded them at. Matching a table against every pattern is done once per table name and batch.
 *
 * @param version the store's {@code watch_version} when loaded
 */
record WatchSet(long version, List<Active> watches, Map<String, Deprecation> deprecations) {

	/** A watch compiled for matching. */
	record Active(long id, String name, List<TablePattern> patterns, Set<EventType> events, Instant createdAt) {

		static Active of(Watch watch) {
			return new Active(watch.id(), watch.name(), watch.patterns(),
					watch.events().isEmpty() ? Set.of() : Set.copyOf(watch.events()), watch.createdAt());
		}

		boolean matches(String table) {
			return patterns.stream().anyMatch(pattern -> pattern.matches(table));
		}

	}

	WatchSet {
		watches = List.copyOf(watches);
		deprecations = Map.copyOf(deprecations);
	}

	/** Whether some watch wants one of the types. */
	boolean wantsAny(Set<EventType> types) {
		return watches.stream().anyMatch(watch -> watch.events().stream().anyMatch(types::contains));
	}

	/** The watches that want the type. */
	List<Active> wanting(EventType type) {
		return watches.stream().filter(watch -> watch.events().contains(type)).toList();
	}

	/** Matches table names against the watches that want any of the types, remembering each answer. */
	Matcher matcher(Set<EventType> types) {
		List<Active> candidates = watches.stream()
			.filter(watch -> watch.events().stream().anyMatch(types::contains))
			.toList();
		return new Matcher(candidates);
	}

	static final class Matcher {

		private final List<Active> candidates;

		private final Map<String, List<Active>> known = new HashMap<>();

		Matcher(List<Active> candidates) {
			this.candidates = candidates;
		}

		List<Active> matching(String table) {
			return known.computeIfAbsent(table, name -> {
				List<Active> matched = new ArrayList<>(1);
				candidates.forEach(watch -> {
					if (watch.matches(name)) {
						matched.add(watch);
					}
				});
				return matched.isEmpty() ? List.of() : matched;
			});
		}

	}

}
