package io.lakegov.pages;

import io.lakegov.web.PageResponse;

import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Where one page of a list sits and the addresses of the pages before and after it: the current address
 * with only this list's page parameter changed, so that each page of each list can be pasted and opened.
 *
 * @param page the page shown, from 0
 * @param totalPages how many pages there are
 * @param totalItems how many items in all
 * @param previous the address of the page before, null on the first
 * @param next the address of the page after, null on the last
 */
public record Pager(int page, long totalPages, long totalItems, String previous, String next) {

	/** Rows per page of a page's lists unless the address says otherwise. */
	public static final int DEFAULT_SIZE = 25;

	public static Pager of(PageResponse<?> response, String parameter) {
		int page = response.page();
		return new Pager(page, response.totalPages(), response.totalItems(),
				page > 0 ? address(parameter, page - 1) : null,
				page + 1 < response.totalPages() ? address(parameter, page + 1) : null);
	}

	private static String address(String parameter, int page) {
		return address(parameter, page, null);
	}

	/**
	 * The current address with one parameter set to a value and, when named, a list's page parameter removed
	 * (back to its first page), everything else as it is.
	 */
	public static String address(String parameter, Object value, String resetPage) {
		var builder = ServletUriComponentsBuilder.fromCurrentRequest().replaceQueryParam(parameter, value);
		if (resetPage != null) {
			builder.replaceQueryParam(resetPage);
		}
		var address = builder.build();
		return address.getPath() + "?" + address.getQuery();
	}

}
