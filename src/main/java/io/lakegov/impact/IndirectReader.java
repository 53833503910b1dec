package io.lakegov.impact;

import java.time.Instant;
import java.util.List;

/**
 * A user who reached the table in the window only through views built on it.
 *
 * @param user who read the views
 * @param statements statements that read those views on the days they reached the table
 * @param last the latest one
 * @param paths from the table through the views to the user, {@code t ← v1 ← v2 ← user}
 */
public record IndirectReader(String user, long statements, Instant last, List<String> paths) {

	public IndirectReader {
		paths = List.copyOf(paths);
	}

}
