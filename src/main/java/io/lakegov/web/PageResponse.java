package io.lakegov.web;

import java.util.List;

/**
 * One page of a list that can grow.
 *
 * @param items the items of this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param totalItems how many items there are in all
 * @param totalPages how many pages of this size there are
 */
public record PageResponse<T>(List<T> items, int page, int size, long totalItems, long totalPages) {

	public static <T> PageResponse<T> of(List<T> items, int page, int size, long totalItems) {
		return new PageResponse<>(items, page, size, totalItems, (totalItems + size - 1) / size);
	}

}
