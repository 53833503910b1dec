package io.lakegov.usage;

import io.lakegov.web.PageResponse;

/**
 * Which page of a list a caller asked for.
 *
 * @param page the page number, 0 to {@value #MAX_PAGE}
 * @param size rows per page, 1 to {@value #MAX_SIZE}
 */
public record PageRequest(int page, int size) {

	public static final int DEFAULT_SIZE = 50;

	public static final int MAX_SIZE = PageResponse.MAX_ITEMS;

	/** The last page number a caller may ask for; past it a list is for a bulk export, not for paging. */
	public static final int MAX_PAGE = PageResponse.MAX_PAGE;

	public PageRequest {
		if (page < 0 || page > MAX_PAGE) {
			throw new IllegalArgumentException("page must be between 0 and " + MAX_PAGE + ", was " + page);
		}
		if (size < 1 || size > MAX_SIZE) {
			throw new IllegalArgumentException("size must be between 1 and " + MAX_SIZE + ", was " + size);
		}
	}

	public long offset() {
		return (long) page * size;
	}

}
