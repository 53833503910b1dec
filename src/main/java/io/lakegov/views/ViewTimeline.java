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
 * next one (a replacement) or until the view is dropped. At the same instant the history's statement wins
 * over the inventory's row, being the more precise witness of when the change happened.
 */
final class ViewTimeline {

	private static final Comparator<Event> IN_ORDER = Comparator.comparing(Event::at).thenComparingLong(Event::order);

	private ViewTimeline() {
	}

	/**
	 * A definition taking effect ({@code reads} not null) or a view being dropped ({@code reads} null).
	 *
	 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW; null keeps the kind the view had
	 * @param order ties at one instant, lowest first
	 */
	record Event(String view, Instant at, long order, String kind, Set<String> reads, String witness) {

		static Event defined(String view, Instant at, long order, String kind, Set<String> reads, String witness) {
			return new Event(view, at, order, kind, reads, witness);
		}

		static Event dropped(String view, Instant at, long order, String witness) {
			return new Event(view, at, order, null, null, witness);
		}

	}

	static Map<String, List<ViewVersion>> versions(List<Event> events) {
		List<Event> sorted = new ArrayList<>(events);
		sorted.sort(IN_ORDER);
		Map<String, List<ViewVersion>> versions = new LinkedHashMap<>();
		Map<String, ViewVersion> open = new HashMap<>();
		for (Event event : sorted) {
			ViewVersion current = open.remove(event.view());
			if (current != null) {
				ViewVersion closed = new ViewVersion(current.view(), current.kind(), current.reads(), current.from(),
						event.at(), event.reads() == null, current.witness());
				versions.computeIfAbsent(event.view(), view -> new ArrayList<>()).add(closed);
			}
			if (event.reads() != null) {
				String kind = event.kind() != null ? event.kind() : current != null ? current.kind() : "VIEW";
				open.put(event.view(),
						new ViewVersion(event.view(), kind, event.reads(), event.at(), null, false, event.witness()));
			}
		}
		open.values().forEach(version -> versions.computeIfAbsent(version.view(), view -> new ArrayList<>()).add(version));
		return versions;
	}

}
