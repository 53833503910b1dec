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
 * @param previous the address of the page before, null on the first; on a page past the end, the last page's
 * @param next the address of the page after, null on the last
 */
public record Pager(int page, long totalPages, long totalItems, String previous, String next) {

	/** Rows per page of a page's lists unless the address says otherwise. */
	public static final int DEFAULT_SIZE = 25;

	public static Pager of(PageResponse<?> response, String parameter) {
		int page = response.page();
		long last = Math.max(0, response.totalPages() - 1);
		return new Pager(page, response.totalPages(), response.totalItems(),
				page > 0 ? address(parameter, (int) Math.min(page - 1, last)) : null,
				page + 1 < response.totalPages() ? address(parameter, page + 1) : null);
	}

	/**
	 * Whether the page asked for lies past the end of a list that has items (an old link to a list that shrank):
	 * the page then says so and links to the last page, rather than saying the list is empty.
	 */
	public boolean pastEnd() {
		return totalItems > 0 && page >= totalPages;
	}

	private static String address(String parameter, int page) {
		return address(parameter, page, null);
	}

	/** The current address without a parameter and a list's page parameter (back to its first page). */
	public static String addressWithout(String parameter, String resetPage) {
		var address = ServletUriComponentsBuilder.fromCurrentRequest().replaceQueryParam(parameter)
			.replaceQueryParam(resetPage)
			.build();
		return address.getPath() + (address.getQuery() == null ? "" : "?" + address.getQuery());
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
