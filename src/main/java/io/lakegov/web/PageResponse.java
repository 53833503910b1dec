package io.lakegov.web;

import java.util.List;
import java.util.function.LongSupplier;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

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
public record PageResponse<T>(@ArraySchema(maxItems = PageResponse.MAX_ITEMS) List<T> items,
		@Schema(minimum = "0", maximum = "" + PageResponse.MAX_PAGE) int page,
		@Schema(minimum = "1", maximum = "" + PageResponse.MAX_ITEMS) int size,
		@Schema(minimum = "0") long totalItems, @Schema(minimum = "0") long totalPages) {

	/** The most items a page holds: the largest page size a caller may ask for. */
	public static final int MAX_ITEMS = 1000;

	/** The last page number a caller may ask for; past it a list is for a bulk export, not for paging. */
	public static final int MAX_PAGE = 100_000;

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
