package io.lakegov.views;

import java.util.List;

/**
 * How a table is reached through views: the views from the one built directly on the table outwards.
 *
 * @param views the views, nearest to the table first
 * @param path the same as text, {@code t ← v1 ← v2}
 */
public record ViewPath(List<String> views, String path) {

	public static final String ARROW = " ← ";

	public ViewPath {
		views = List.copyOf(views);
	}

	static ViewPath of(String table, List<String> views) {
		return new ViewPath(views, table + ARROW + String.join(ARROW, views));
	}

	/** The outermost view: the one a reader read. */
	public String last() {
		return views.get(views.size() - 1);
	}

}
