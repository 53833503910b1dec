package io.lakegov.views;

import java.time.LocalDate;
import java.util.List;

/**
 * Days on which reading one view reaches a table along the same paths. A view's reads are counted once per
 * segment however many paths it has, and the segments of one view never overlap, so adding up the
 * segments of a view counts each of its reads once.
 *
 * @param view the view read
 * @param from the first day, included
 * @param to the last day, included
 * @param paths every path through which the view reaches the table on these days
 */
public record ReachSegment(String view, LocalDate from, LocalDate to, List<ViewPath> paths) {

	public ReachSegment {
		paths = List.copyOf(paths);
	}

}
