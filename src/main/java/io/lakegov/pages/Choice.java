package io.lakegov.pages;

import org.jspecify.annotations.Nullable;

/**
 * One of the values a page's list can be filtered or ordered by, as a link that keeps everything else the
 * address holds and goes back to the list's first page.
 *
 * @param words the value, in words
 * @param address this page with the value chosen
 * @param current whether the page shows it now
 */
record Choice(String words, String address, boolean current) {

	/** The page with {@code parameter} set to {@code value}. */
	static Choice of(String parameter, String value, String words, @Nullable String current, @Nullable String resetPage) {
		return new Choice(words, Pager.address(parameter, value, resetPage), value.equals(current));
	}

	/** The page without {@code parameter}: every value. */
	static Choice any(String parameter, String words, @Nullable String current, String resetPage) {
		return new Choice(words, Pager.addressWithout(parameter, resetPage), current == null || current.isEmpty());
	}

}
