package io.lakegov.reports;

import java.util.Locale;

import io.lakegov.web.ApiException;

/** The orders of a table's query groups; {@code key} is what the SQL's ORDER BY compares with. */
public enum QuerySort {

	STATEMENTS("statements"), DURATION("duration"), BYTES("bytes"), LAST_RUN("lastRun");

	final String key;

	QuerySort(String key) {
		this.key = key;
	}

	/** How an address names the order ({@code queriesSort}, {@code sort}). */
	public String key() {
		return key;
	}

	public static QuerySort parse(String text) {
		for (QuerySort sort : values()) {
			if (sort.key.toLowerCase(Locale.ROOT).equals(text.toLowerCase(Locale.ROOT))) {
				return sort;
			}
		}
		throw ApiException.badRequest("sort must be one of statements, duration, bytes, lastRun.");
	}

}
