package io.lakegov.views;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;

import org.springframework.stereotype.Component;

/**
 * What reaches a table through views: the view definitions of both witnesses, put in time order and walked
 * outwards from the table. The graph is rebuilt once per store generation (an ingestion batch, or a catalog
 * sync that changed a definition) and is small: one entry per view version, not per read. The views on
 * a column are that graph's current views on the column's table whose definitions read the column.
 */
@Component
public class Views {

	private final ViewEvents events;

	private final GenerationCache cache;

	private final BusinessDates dates;

	private final ViewColumns columns;

	Views(ViewEvents events, GenerationCache cache, BusinessDates dates, ViewColumns columns) {
		this.events = events;
		this.cache = cache;
		this.dates = dates;
		this.columns = columns;
	}

	/** The views that reach the table on days of the window, with their paths and days. */
	public ViewReaches reaching(String table, DateRange window) {
		return graph().reach(table, window.from(), window.to());
	}

	/** For every table some view reaches on days of the window: what reaches it, by table name. */
	public Map<String, ViewReaches> reachingAny(DateRange window) {
		return reachingAny(graph(), window);
	}

	/**
	 * As {@link #reachingAny}, from a graph built afresh from what the current transaction sees, never from
	 * the answer cache: for a writer whose own, uncommitted view statements count (the cache is keyed by
	 * committed generations, and must not keep what a transaction that may roll back sees).
	 */
	public Map<String, ViewReaches> reachingAnyAsWritten(DateRange window) {
		return reachingAny(new ViewGraph(ViewTimeline.versions(events.events()), dates.zone()), window);
	}

	private static Map<String, ViewReaches> reachingAny(ViewGraph graph, DateRange window) {
		Map<String, ViewReaches> reached = new LinkedHashMap<>();
		for (String table : new TreeSet<>(graph.readTables())) {
			ViewReaches reaches = graph.reach(table, window.from(), window.to());
			if (!reaches.isEmpty()) {
				reached.put(table, reaches);
			}
		}
		return reached;
	}

	/**
	 * The views whose current definition (not replaced, dropped or renamed since) certainly reads the
	 * column of the table itself, by name: renamed views under their current name.
	 */
	public List<ColumnView> readingColumn(String table, String column) {
		return columns.reading(graph().current(table), table, column);
	}

	private ViewGraph graph() {
		return cache.get(List.of("view-graph"), () -> new ViewGraph(ViewTimeline.versions(events.events()), dates.zone()),
				ViewGraph::versions);
	}

}
