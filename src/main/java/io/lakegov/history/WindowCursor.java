package io.lakegov.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Where a read of a window stands when it changes how it reads (whole rows or keys first): the newest
 * {@code update_time} handled and the statements handled at exactly that time. A new query starts at that
 * time, inclusive, so that no row sharing it is missed, and leaves out the rows already handed over.
 */
final class WindowCursor {

	private Instant at;

	private final Set<String> handledAt = new HashSet<>();

	WindowCursor(Instant from) {
		this.at = from;
	}

	/** Where the next query starts, inclusive. */
	Instant from() {
		return at;
	}

	/** The rows not handed over yet: those at the cursor's time that were are left out. */
	<R> List<R> unhandled(List<R> rows, Function<R, String> id, Function<R, Instant> time) {
		if (handledAt.isEmpty()) {
			return rows;
		}
		List<R> fresh = new ArrayList<>(rows.size());
		for (R row : rows) {
			if (!(time.apply(row).equals(at) && handledAt.contains(id.apply(row)))) {
				fresh.add(row);
			}
		}
		return fresh;
	}

	/** Moves the cursor past rows handed over, in the window's order. */
	<R> void handled(List<R> rows, Function<R, String> id, Function<R, Instant> time) {
		for (R row : rows) {
			Instant updated = time.apply(row);
			if (updated.isAfter(at)) {
				at = updated;
				handledAt.clear();
			}
			if (updated.equals(at)) {
				handledAt.add(id.apply(row));
			}
		}
	}

}
