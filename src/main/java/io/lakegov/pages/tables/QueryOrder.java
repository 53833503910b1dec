package io.lakegov.pages.tables;

import java.util.List;

import io.lakegov.pages.Pager;

/**
 * One way to order a table's query groups, as a link that keeps everything else the address holds.
 *
 * @param key the value of {@code queriesSort}
 * @param label what the link says
 * @param address where it leads: this page with that order, the query groups from their first page
 */
record QueryOrder(String key, String label, String address) {

	static List<QueryOrder> all() {
		return List.of(of("statements", "most statements"), of("duration", "most total duration"),
				of("bytes", "most bytes read"), of("lastRun", "latest run"));
	}

	private static QueryOrder of(String key, String label) {
		return new QueryOrder(key, label, Pager.address("queriesSort", key, "queriesPage"));
	}

}
