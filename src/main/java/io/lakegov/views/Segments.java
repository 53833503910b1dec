package io.lakegov.views;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Cuts the days each view reaches a table on into runs with one set of paths each. */
final class Segments {

	private Segments() {
	}

	static List<ReachSegment> of(List<ViewReach> reaches) {
		Map<String, List<ViewReach>> byView = new LinkedHashMap<>();
		reaches.forEach(reach -> byView.computeIfAbsent(reach.view(), view -> new ArrayList<>()).add(reach));
		List<ReachSegment> segments = new ArrayList<>();
		byView.forEach((view, own) -> segments.addAll(of(view, own)));
		return segments;
	}

	private static List<ReachSegment> of(String view, List<ViewReach> reaches) {
		TreeSet<LocalDate> bounds = new TreeSet<>();
		reaches.forEach(reach -> {
			bounds.add(reach.from());
			bounds.add(reach.to().plusDays(1));
		});
		List<ReachSegment> segments = new ArrayList<>();
		LocalDate start = null;
		for (LocalDate bound : bounds) {
			if (start != null) {
				LocalDate from = start;
				LocalDate to = bound.minusDays(1);
				Set<ViewPath> paths = new LinkedHashSet<>();
				reaches.stream()
					.filter(reach -> !reach.from().isAfter(from) && !reach.to().isBefore(to))
					.forEach(reach -> paths.add(reach.path()));
				add(segments, view, from, to, paths);
			}
			start = bound;
		}
		return segments;
	}

	private static void add(List<ReachSegment> segments, String view, LocalDate from, LocalDate to, Set<ViewPath> paths) {
		if (paths.isEmpty()) {
			return;
		}
		int last = segments.size() - 1;
		if (last >= 0 && segments.get(last).to().plusDays(1).equals(from)
				&& Set.copyOf(segments.get(last).paths()).equals(paths)) {
			segments.set(last, new ReachSegment(view, segments.get(last).from(), to, List.copyOf(paths)));
			return;
		}
		segments.add(new ReachSegment(view, from, to, List.copyOf(paths)));
	}

}
