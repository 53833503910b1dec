package io.lakegov.watch.detect;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.lakegov.views.ReachSegment;
import io.lakegov.views.ViewPath;
import io.lakegov.views.ViewReaches;

/**
 * For the watched tables views reach: which view read reaches which watched table, on which days and along
 * which paths, and the views that reach each watched table. Built from the view graph when the watches or
 * the views change, so that matching a batch's reads of views costs a map lookup per fact.
 */
final class ViewIndex {

	static final ViewIndex EMPTY = new ViewIndex(Map.of(), Map.of());

	/** Reading {@code view} on days {@code from} to {@code to} reaches {@code table} along {@code path}. */
	record Reach(String table, ViewPath path, LocalDate from, LocalDate to) {
	}

	private final Map<String, List<Reach>> byView;

	private final Map<String, Set<String>> viewsOf;

	private ViewIndex(Map<String, List<Reach>> byView, Map<String, Set<String>> viewsOf) {
		this.byView = byView;
		this.viewsOf = viewsOf;
	}

	static ViewIndex of(Map<String, ViewReaches> reached, Predicate<String> watched) {
		Map<String, List<Reach>> byView = new HashMap<>();
		Map<String, Set<String>> viewsOf = new HashMap<>();
		reached.forEach((table, reaches) -> {
			if (!watched.test(table)) {
				return;
			}
			for (ReachSegment segment : reaches.segments()) {
				viewsOf.computeIfAbsent(table, name -> new LinkedHashSet<>()).add(segment.view());
				for (ViewPath path : segment.paths()) {
					byView.computeIfAbsent(segment.view(), name -> new ArrayList<>())
						.add(new Reach(table, path, segment.from(), segment.to()));
				}
			}
		});
		return new ViewIndex(byView, viewsOf);
	}

	/** The watched tables a read of the name on the day reaches through views, each path once. */
	List<Reach> reaching(String name, LocalDate day) {
		List<Reach> reaches = byView.get(name);
		if (reaches == null) {
			return List.of();
		}
		List<Reach> onDay = new ArrayList<>(reaches.size());
		reaches.forEach(reach -> {
			if (!day.isBefore(reach.from()) && !day.isAfter(reach.to())) {
				onDay.add(reach);
			}
		});
		return onDay;
	}

	/** Whether the name is a view that reaches a watched table. */
	boolean isView(String name) {
		return byView.containsKey(name);
	}

	/** The views that reach the table on some day of the window. */
	Set<String> viewsOf(String table) {
		return viewsOf.getOrDefault(table, Set.of());
	}

}
