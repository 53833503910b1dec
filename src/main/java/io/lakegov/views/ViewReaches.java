package io.lakegov.views;

import java.util.List;

/**
 * Everything that reaches one table through views in a window.
 *
 * @param table the table
 * @param reaches each view and path, nearest views first
 * @param segments the days each view reaches the table on, for counting its readers
 * @param limits the cycles refused and the paths cut at the depth bound on the way
 */
public record ViewReaches(String table, List<ViewReach> reaches, List<ReachSegment> segments, ViewLimits limits) {

	public ViewReaches {
		reaches = List.copyOf(reaches);
		segments = List.copyOf(segments);
	}

	public boolean isEmpty() {
		return reaches.isEmpty();
	}

}
