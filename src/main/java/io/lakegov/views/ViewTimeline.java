package io.lakegov.views;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts the definitions of each view, from both witnesses, in time order: each definition holds until the
 * next one (a replacement) or until the view is dropped or renamed; a renamed view's definition continues
 * under its new name from the rename on (the old name then ends as a dropped view does, and a later
 * definition of the old name is a new view). At the same instant the history's statement wins
 * over the inventory's row, being the more precise witness of when the change happened.
 */
final class ViewTimeline {

	private static final Comparator<Event> IN_ORDER = Comparator.comparing(Event::at).thenComparingLong(Event::order);

	private ViewTimeline() {
	}

	/**
	 * A definition taking effect ({@code reads} not null), a view being dropped ({@code reads} null) or
	 * renamed ({@code renamedTo} not null).
	 *
	 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW; null keeps the kind the view had
	 * @param order ties at one instant, lowest first
	 * @param renamedTo the view's new name: its definition continues under it from this instant
	 * @param ifAbsent a definition that takes effect only when the view does not exist (CREATE VIEW IF NOT
	 * EXISTS)
	 * @param definition where a definition was seen, for the columns it reads; null when not told
	 */
	record Event(String view, Instant at, long order, String kind, Set<String> reads, String witness,
			String renamedTo, boolean ifAbsent, ViewDefinition definition) {

		static Event defined(String view, Instant at, long order, String kind, Set<String> reads, String witness) {
			return new Event(view, at, order, kind, reads, witness, null, false, null);
		}

		static Event dropped(String view, Instant at, long order, String witness) {
			return new Event(view, at, order, null, null, witness, null, false, null);
		}

		static Event renamed(String view, String renamedTo, Instant at, long order, String witness) {
			return new Event(view, at, order, null, null, witness, renamedTo, false, null);
		}

		Event onlyIfAbsent() {
			return new Event(view, at, order, kind, reads, witness, renamedTo, true, definition);
		}

		Event by(ViewDefinition seen) {
			return new Event(view, at, order, kind, reads, witness, renamedTo, ifAbsent, seen);
		}

	}

	static Map<String, List<ViewVersion>> versions(List<Event> events) {
		List<Event> sorted = new ArrayList<>(events);
		sorted.sort(IN_ORDER);
		Map<String, List<ViewVersion>> versions = new LinkedHashMap<>();
		Map<String, ViewVersion> open = new HashMap<>();
		for (Event event : sorted) {
			if (event.ifAbsent() && open.containsKey(event.view())) {
				continue;
			}
			ViewVersion current = open.remove(event.view());
			if (current != null) {
				close(versions, current, event.at(), event.reads() == null);
			}
			if (event.renamedTo() != null) {
				if (current != null) {
					ViewVersion replaced = open.remove(event.renamedTo());
					if (replaced != null) {
						close(versions, replaced, event.at(), false);
					}
					open.put(event.renamedTo(), new ViewVersion(event.renamedTo(), current.kind(), current.reads(),
							event.at(), null, false, event.witness(), current.definition()));
				}
				continue;
			}
			if (event.reads() != null) {
				String kind = event.kind() != null ? event.kind() : current != null ? current.kind() : "VIEW";
				open.put(event.view(),
						new ViewVersion(event.view(), kind, event.reads(), event.at(), null, false, event.witness(),
								event.definition()));
			}
		}
		open.values().forEach(version -> versions.computeIfAbsent(version.view(), view -> new ArrayList<>()).add(version));
		return versions;
	}

	private static void close(Map<String, List<ViewVersion>> versions, ViewVersion current, Instant at,
			boolean dropped) {
		versions.computeIfAbsent(current.view(), view -> new ArrayList<>())
			.add(new ViewVersion(current.view(), current.kind(), current.reads(), current.from(), at, dropped,
					current.witness(), current.definition()));
	}

}
