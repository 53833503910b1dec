package io.lakegov.reports;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.reports.rankings.IndirectRankingRepository;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.QuerySource;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.views.ReachSegment;
import io.lakegov.views.ViewOverlaps;
import io.lakegov.views.ViewPath;
import io.lakegov.views.ViewReaches;
import io.lakegov.views.Views;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/**
 * Readers of a table with those who reach it through views: one row per user and access, DIRECT for reads
 * of the table, VIA for reads of the views on it (on the days each view reached the table), with the paths.
 * The facts stay as they were; the views are followed at answer time. A statement that read several views
 * on the table counts once in its user's VIA row.
 */
@Service
public class IndirectReaders {

	public static final String DIRECT = "DIRECT";

	public static final String VIA = "VIA";

	private static final Comparator<Reader> BUSIEST_FIRST = Comparator.comparingLong(Reader::statements)
		.reversed()
		.thenComparing(Reader::user)
		.thenComparing(Reader::access);

	private final IndirectReadersRepository repository;

	private final GenerationCache cache;

	private final Views views;

	private final ViewOverlaps overlaps;

	IndirectReaders(IndirectReadersRepository repository, GenerationCache cache, Views views,
			ViewOverlaps overlaps) {
		this.overlaps = overlaps;
		this.repository = repository;
		this.cache = cache;
		this.views = views;
	}

	public TableUsers<TableReader> readers(ResolvedTable table, DateRange range, PageRequest page) {
		if (!table.seen()) {
			return new TableUsers<>(table.name(), false, range.from(), range.to(), null, 0,
					PageResponse.empty(page.page(), page.size()), null);
		}
		return cache.get(List.of("readers-indirect", table.name(), range, page), () -> compute(table, range, page),
				answer -> answer.users().items().stream().mapToInt(r -> 1 + r.sources().size()).sum());
	}

	private TableUsers<TableReader> compute(ResolvedTable table, DateRange range, PageRequest page) {
		ViewReaches reaches = views.reaching(table.name(), range);
		List<IndirectReadersRepository.Entry> entries = new ArrayList<>();
		entries.add(new IndirectReadersRepository.Entry(table.name(), range.from(), range.to()));
		reaches.segments()
			.forEach(segment -> entries.add(new IndirectReadersRepository.Entry(segment.view(), segment.from(), segment.to())));
		List<IndirectRankingRepository.Entry> viewEntries = reaches.segments()
			.stream()
			.map(segment -> new IndirectRankingRepository.Entry(table.name(), segment.view(), segment.from(), segment.to()))
			.toList();
		Map<String, Long> overlapping = ViewOverlaps.byUser(overlaps.overlaps(IndirectRankingRepository.reaches(viewEntries)));
		Map<String, Reader> readers = new LinkedHashMap<>();
		long lineageOnly = 0;
		for (var row : repository.readers(entries)) {
			lineageOnly += row.lineageOnly();
			ReachSegment segment = row.entry() == 1 ? null : reaches.segments().get(row.entry() - 2);
			String access = segment == null ? DIRECT : VIA;
			readers.computeIfAbsent(row.user() + '\u0001' + access, key -> new Reader(row.user(), access))
				.add(row, segment);
		}
		overlapping.forEach((user, extra) -> {
			Reader reader = readers.get(user + '\u0001' + VIA);
			if (reader != null) {
				reader.statements -= extra;
			}
		});
		List<Reader> sorted = readers.values().stream().sorted(BUSIEST_FIRST).toList();
		int fromIndex = (int) Math.min(sorted.size(), page.offset());
		List<Reader> shown = sorted.subList(fromIndex, Math.min(sorted.size(), fromIndex + page.size()));
		var sources = repository.sources(entries, shown.stream().map(Reader::user).distinct().toList());
		List<TableReader> items = shown.stream().map(reader -> reader.answer(sources)).toList();
		return new TableUsers<>(table.name(), true, range.from(), range.to(), null, lineageOnly,
				PageResponse.of(items, page.page(), page.size(), sorted.size()), reaches.limits());
	}

	/** One user's reads of one access kind, gathered over the entries. */
	private static final class Reader {

		private final String user;

		private final String access;

		private final Set<Integer> entries = new LinkedHashSet<>();

		private final Set<ViewPath> paths = new LinkedHashSet<>();

		private long statements;

		private long timeTravel;

		private long lineageOnly;

		private Instant first;

		private Instant last;

		Reader(String user, String access) {
			this.user = user;
			this.access = access;
		}

		String user() {
			return user;
		}

		String access() {
			return access;
		}

		long statements() {
			return statements;
		}

		void add(IndirectReadersRepository.EntryRow row, ReachSegment segment) {
			entries.add(row.entry());
			statements += row.statements();
			timeTravel += row.timeTravel();
			lineageOnly += row.lineageOnly();
			first = first == null || row.first().isBefore(first) ? row.first() : first;
			last = last == null || row.last().isAfter(last) ? row.last() : last;
			if (segment != null) {
				paths.addAll(segment.paths());
			}
		}

		TableReader answer(Map<Integer, Map<String, List<QuerySource>>> sources) {
			Set<QuerySource> own = new TreeSet<>(Comparator.comparing(QuerySource::kind).thenComparing(QuerySource::id));
			entries.forEach(entry -> own.addAll(sources.getOrDefault(entry, Map.of()).getOrDefault(user, List.of())));
			List<ViewPath> via = access.equals(VIA)
					? paths.stream().sorted(Comparator.comparing(ViewPath::path)).toList() : null;
			return new TableReader(user, statements, lineageOnly, timeTravel, first, last, List.copyOf(own), access, via);
		}

	}

}
