package io.lakegov.archive.outbox;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;
import io.lakegov.views.ReachSegment;
import io.lakegov.views.ViewPath;
import io.lakegov.views.ViewReaches;
import io.lakegov.views.Views;

import org.springframework.stereotype.Component;

/**
 * The reads through views among facts: a read of a view on a day reaches every table the view was built on
 * that day, directly or through other views, along each of its paths. Taken from the view graph as it stands
 * when the statement is archived.
 */
@Component
class ViewAccesses {

	private final Views views;

	ViewAccesses(Views views) {
		this.views = views;
	}

	/** A read of {@code table} through the views of {@code path}, which the fact's read of a view stands for. */
	record Reach(Fact fact, String table, String path) {
	}

	private record Reached(String table, ReachSegment segment) {
	}

	List<Reach> indirect(List<Fact> facts) {
		LocalDate from = null;
		LocalDate to = null;
		for (Fact fact : facts) {
			if ("READ".equals(fact.role())) {
				from = from == null || fact.businessDate().isBefore(from) ? fact.businessDate() : from;
				to = to == null || fact.businessDate().isAfter(to) ? fact.businessDate() : to;
			}
		}
		if (from == null) {
			return List.of();
		}
		// by view read: the tables it reaches and on which days
		Map<String, List<Reached>> byView = new HashMap<>();
		for (ViewReaches table : views.reachingAny(new DateRange(from, to)).values()) {
			for (ReachSegment segment : table.segments()) {
				byView.computeIfAbsent(segment.view(), view -> new ArrayList<>()).add(new Reached(table.table(), segment));
			}
		}
		List<Reach> reaches = new ArrayList<>();
		for (Fact fact : facts) {
			if (!"READ".equals(fact.role())) {
				continue;
			}
			for (Reached table : byView.getOrDefault(fact.tableName(), List.of())) {
				ReachSegment segment = table.segment();
				if (!fact.businessDate().isBefore(segment.from()) && !fact.businessDate().isAfter(segment.to())) {
					for (ViewPath path : segment.paths()) {
						reaches.add(new Reach(fact, table.table(), path.path()));
					}
				}
			}
		}
		return reaches;
	}

}
