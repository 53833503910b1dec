package io.lakegov.impact;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.usage.DateRange;
import io.lakegov.views.ReachSegment;
import io.lakegov.views.ViewLimits;
import io.lakegov.views.ViewOverlaps;
import io.lakegov.views.ViewPath;
import io.lakegov.views.ViewReach;
import io.lakegov.views.Views;

import org.springframework.stereotype.Component;

/**
 * The part of an impact report that comes through views: the views and materialized views built on the
 * table (at any depth), the readers who reach it only through them, and the reads that count towards the
 * verdict.
 */
@Component
class ThroughViews {

	private final Views views;

	private final ViewsRepository repository;

	private final ViewOverlaps overlaps;

	ThroughViews(Views views, ViewsRepository repository, ViewOverlaps overlaps) {
		this.views = views;
		this.repository = repository;
		this.overlaps = overlaps;
	}

	/**
	 * @param reads statements that read the views on the days they reached the table (a statement that
	 * read two such views counts once)
	 * @param etlReads of those, the ones run by jobs and pipelines
	 */
	record Part(List<ViewReach> views, List<IndirectReader> readers, long reads, long etlReads, ViewLimits limits) {
	}

	Part of(String table, DateRange window, Set<String> directReaders) {
		var reaches = views.reaching(table, window);
		if (reaches.isEmpty()) {
			return new Part(List.of(), List.of(), 0, 0, reaches.limits());
		}
		List<ReachSegment> segments = reaches.segments();
		Map<String, Gathered> readers = new LinkedHashMap<>();
		long reads = 0;
		long etlReads = 0;
		for (var row : repository.reads(segments)) {
			ReachSegment segment = segments.get(row.entry() - 1);
			if (!row.byUser()) {
				etlReads += ImpactService.ETL_SOURCES.contains(row.name()) ? row.statements() : 0;
				continue;
			}
			reads += row.statements();
			if (!directReaders.contains(row.name())) {
				readers.computeIfAbsent(row.name(), Gathered::new).add(row, segment);
			}
		}
		for (var overlap : overlaps.overlaps(segments.stream()
			.map(segment -> new ViewOverlaps.Entry(table, segment.view(), segment.from(), segment.to()))
			.toList())) {
			reads -= overlap.extra();
			etlReads -= ImpactService.ETL_SOURCES.contains(overlap.sourceKind()) ? overlap.extra() : 0;
			Gathered reader = readers.get(overlap.user());
			if (reader != null) {
				reader.statements -= overlap.extra();
			}
		}
		List<IndirectReader> listed = readers.values()
			.stream()
			.map(Gathered::answer)
			.sorted(Comparator.comparingLong(IndirectReader::statements).reversed().thenComparing(IndirectReader::user))
			.toList();
		return new Part(reaches.reaches(), listed, reads, etlReads, reaches.limits());
	}

	private static final class Gathered {

		private final String user;

		private final Set<String> paths = new LinkedHashSet<>();

		private long statements;

		private Instant last;

		Gathered(String user) {
			this.user = user;
		}

		void add(ViewsRepository.Row row, ReachSegment segment) {
			statements += row.statements();
			last = last == null || row.last().isAfter(last) ? row.last() : last;
			segment.paths().forEach(path -> paths.add(path.path() + ViewPath.ARROW + user));
		}

		IndirectReader answer() {
			List<String> sorted = new ArrayList<>(paths);
			sorted.sort(Comparator.naturalOrder());
			return new IndirectReader(user, statements, last, sorted);
		}

	}

}
