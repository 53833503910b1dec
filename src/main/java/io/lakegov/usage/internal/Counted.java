package io.lakegov.usage.internal;

import java.util.List;

/**
 * A row of a page together with the size of the whole list, counted in the same query.
 *
 * @param row the row
 * @param total rows in the whole list
 * @param <T> the row type
 */
public record Counted<T>(T row, long total) {

	public static <T> List<T> rows(List<Counted<T>> counted) {
		return counted.stream().map(Counted::row).toList();
	}

	public static long total(List<? extends Counted<?>> counted) {
		return counted.isEmpty() ? 0 : counted.get(0).total();
	}

}
