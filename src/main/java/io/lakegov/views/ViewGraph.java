package io.lakegov.views;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.views.ViewVersion.Days;

/**
 * Which view definitions read which tables, over time: small (one entry per view version), built once per
 * store generation, and walked outwards from a table at answer time.
 */
final class ViewGraph {

	static final int MAX_DEPTH = 10;

	static final int MAX_PATHS = 1000;

	private final Map<String, List<ViewVersion>> readersOf = new HashMap<>();

	private final ZoneId zone;

	private final int versions;

	ViewGraph(Map<String, List<ViewVersion>> versionsByView, ZoneId zone) {
		this.zone = zone;
		int count = 0;
		for (List<ViewVersion> versions : versionsByView.values()) {
			for (ViewVersion version : versions) {
				count++;
				version.reads().forEach(read -> readersOf.computeIfAbsent(read, t -> new ArrayList<>()).add(version));
			}
		}
		this.versions = count;
	}

	int versions() {
		return versions;
	}

	/** Every table or view some view definition reads. */
	Set<String> readTables() {
		return readersOf.keySet();
	}

	/**
	 * The views whose current definition (one neither replaced nor ended by a drop or rename) reads
	 * {@code table} itself.
	 */
	List<ViewVersion> current(String table) {
		return readersOf.getOrDefault(table, List.of())
			.stream()
			.filter(version -> version.to() == null && !version.view().equals(table))
			.toList();
	}

	/** The views that reach {@code table} on days of the window, at any depth, with their paths. */
	ViewReaches reach(String table, LocalDate from, LocalDate to) {
		var walk = new Walk(table);
		walk.from(table, List.of(), new Days(from, to));
		List<ViewReach> reaches = merged(walk.reaches);
		return new ViewReaches(table, reaches, Segments.of(reaches), new ViewLimits(MAX_DEPTH, MAX_PATHS,
				List.copyOf(walk.cycles), List.copyOf(walk.cut), walk.truncated));
	}

	private final class Walk {

		final String table;

		final List<ViewReach> reaches = new ArrayList<>();

		final Set<String> cycles = new LinkedHashSet<>();

		final Set<String> cut = new LinkedHashSet<>();

		boolean truncated;

		Walk(String table) {
			this.table = table;
		}

		void from(String node, List<String> path, Days days) {
			for (ViewVersion version : readersOf.getOrDefault(node, List.of())) {
				Days valid = version.days(zone, days.from(), days.to());
				if (valid == null) {
					continue;
				}
				List<String> next = new ArrayList<>(path);
				next.add(version.view());
				ViewPath viewPath = ViewPath.of(table, next);
				if (version.view().equals(table) || path.contains(version.view())) {
					cycles.add(viewPath.path());
				}
				else if (next.size() > MAX_DEPTH) {
					cut.add(viewPath.path());
				}
				else if (reaches.size() >= MAX_PATHS) {
					truncated = true;
				}
				else {
					reaches.add(new ViewReach(version.view(), version.kind(), next.size(), viewPath, valid.from(),
							valid.to()));
					from(version.view(), next, valid);
				}
			}
		}

	}

	/** One entry per path and run of days: versions of one view that read alike follow each other. */
	private static List<ViewReach> merged(List<ViewReach> reaches) {
		List<ViewReach> sorted = new ArrayList<>(reaches);
		sorted.sort(Comparator.comparingInt(ViewReach::depth)
			.thenComparing(reach -> reach.path().path())
			.thenComparing(ViewReach::from));
		List<ViewReach> merged = new ArrayList<>();
		for (ViewReach reach : sorted) {
			int last = merged.size() - 1;
			ViewReach previous = last < 0 ? null : merged.get(last);
			if (previous != null && previous.path().equals(reach.path())
					&& !reach.from().isAfter(previous.to().plusDays(1))) {
				LocalDate to = reach.to().isAfter(previous.to()) ? reach.to() : previous.to();
				merged.set(last, new ViewReach(previous.view(), reach.kind(), previous.depth(), previous.path(),
						previous.from(), to));
			}
			else {
				merged.add(reach);
			}
		}
		return merged;
	}

}
