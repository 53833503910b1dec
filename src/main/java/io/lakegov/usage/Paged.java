package io.lakegov.usage;

import java.util.List;
import java.util.function.LongSupplier;

/**
 * One page of a list, with where it sits in the whole.
 *
 * @param items the rows of this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param totalItems rows in the whole list
 * @param totalPages pages in the whole list
 * @param <T> the row type
 */
public record Paged<T>(List<T> items, int page, int size, long totalItems, long totalPages) {

	public Paged {
		items = List.copyOf(items);
	}

	/**
	 * A page whose total was counted alongside its rows; when a page past the end comes back empty,
	 * {@code count} counts the whole list instead.
	 */
	public static <T> Paged<T> of(List<T> items, PageRequest request, long totalWithRows, LongSupplier count) {
		long total = items.isEmpty() && request.page() > 0 ? count.getAsLong() : totalWithRows;
		return new Paged<>(items, request.page(), request.size(), total, (total + request.size() - 1) / request.size());
	}

	public static <T> Paged<T> empty(PageRequest request) {
		return new Paged<>(List.of(), request.page(), request.size(), 0, 0);
	}

}
