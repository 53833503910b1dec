package io.lakegov.web;

import java.util.List;
import java.util.function.LongSupplier;

/**
 * One page of a list that can grow, with where it sits in the whole.
 *
 * @param items the items of this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param totalItems how many items there are in all
 * @param totalPages how many pages of this size there are
 * @param <T> the item type
 */
public record PageResponse<T>(List<T> items, int page, int size, long totalItems, long totalPages) {

	public PageResponse {
		items = List.copyOf(items);
	}

	public static <T> PageResponse<T> of(List<T> items, int page, int size, long totalItems) {
		return new PageResponse<>(items, page, size, totalItems, (totalItems + size - 1) / size);
	}

	/**
	 * A page whose total was counted alongside its rows; when a page past the end comes back empty,
	 * {@code count} counts the whole list instead.
	 */
	public static <T> PageResponse<T> of(List<T> items, int page, int size, long totalWithRows, LongSupplier count) {
		long total = items.isEmpty() && page > 0 ? count.getAsLong() : totalWithRows;
		return of(items, page, size, total);
	}

	public static <T> PageResponse<T> empty(int page, int size) {
		return new PageResponse<>(List.of(), page, size, 0, 0);
	}

}
