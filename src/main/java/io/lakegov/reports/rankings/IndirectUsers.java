package io.lakegov.reports.rankings;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.reports.IndirectReaders;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.views.ReachSegment;
import io.lakegov.views.ViewOverlaps;
import io.lakegov.views.ViewPath;
import io.lakegov.views.Views;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/**
 * The ranking of users and what one user used, with reads through views: a user who read a view read the
 * tables behind it, on the days the view reached them, at any depth. Only users who read some view gain
 * anything, but the ranking counts every user's direct statements in one pass anyway and ranks them all.
 * Reused until the next ingestion batch commits, like the direct answers.
 */
@Service
public class IndirectUsers {

	private final IndirectUserRepository repository;

	private final ViewOverlaps overlaps;

	private final Views views;

	private final GenerationCache cache;

	IndirectUsers(IndirectUserRepository repository, ViewOverlaps overlaps, Views views, GenerationCache cache) {
		this.repository = repository;
		this.overlaps = overlaps;
		this.views = views;
		this.cache = cache;
	}

	List<UserRank> ranking(DateRange range, int limit) {
		return cache.get(List.of("rank-users-indirect", range, limit), () -> rank(range, limit), List::size);
	}

	public UserTables tables(String user, DateRange range, PageRequest page) {
		return cache.get(List.of("user-tables-indirect", user, range, page), () -> used(user, range, page),
				answer -> 1 + answer.tables().items().size());
	}

	/**
	 * Every user's direct counts and reads through views, ranked here: the tables and the read cost are then
	 * looked up for the shown users alone.
	 */
	private List<UserRank> rank(DateRange range, int limit) {
		Reach reach = reach(range);
		Map<String, UserRank> ranked = new LinkedHashMap<>();
		repository.counts(range).forEach(rank -> ranked.put(rank.user(), rank));
		Map<String, Long> indirect = new HashMap<>(reach.entries().isEmpty() ? Map.of()
				: repository.indirectReads(reach.entries()));
		ViewOverlaps.byUser(overlaps.overlaps(IndirectRankingRepository.reaches(reach.entries())))
			.forEach((user, extra) -> indirect.merge(user, -extra, Long::sum));
		indirect.keySet().forEach(user -> ranked.putIfAbsent(user, new UserRank(user, 0, 0, 0, 0, 0, 0)));
		List<UserRank> top = ranked.values()
			.stream()
			.sorted(Comparator.comparingLong((UserRank rank) -> -(rank.reads() + rank.writes()
					+ indirect.getOrDefault(rank.user(), 0L)))
				.thenComparing(UserRank::user))
			.limit(limit)
			.toList();
		List<String> shown = top.stream().map(UserRank::user).toList();
		Map<String, IndirectUserRepository.Figures> figures = shown.isEmpty() ? Map.of()
				: repository.figures(shown, reach.entries(), range);
		return top.stream().map(rank -> {
			var found = figures.getOrDefault(rank.user(), new IndirectUserRepository.Figures(0, 0, 0));
			return new UserRank(rank.user(), rank.reads(), rank.writes(), rank.lineageOnly(), found.tables(),
					found.durationMs(), found.readBytes(), indirect.getOrDefault(rank.user(), 0L));
		}).toList();
	}

	private UserTables used(String user, DateRange range, PageRequest page) {
		Reach reach = reach(range);
		List<UserTable> rows = new ArrayList<>(repository.userTables(user, range));
		Map<String, Via> via = new LinkedHashMap<>();
		if (!reach.entries().isEmpty()) {
			for (var row : repository.userReads(user, reach.entries(), range)) {
				int index = row.entry() - 1;
				via.computeIfAbsent(reach.entries().get(index).base(), base -> new Via())
					.add(row, reach.segments().get(index));
			}
			overlaps.overlaps(IndirectRankingRepository.reaches(reach.entries()))
				.stream()
				.filter(overlap -> overlap.user().equals(user) && via.containsKey(overlap.base()))
				.forEach(overlap -> via.get(overlap.base()).statements -= overlap.extra());
		}
		via.forEach((base, found) -> rows.add(new UserTable(base, found.statements, 0, found.timeTravel, found.last, 0,
				0, IndirectReaders.VIA, found.paths.stream().sorted(Comparator.comparing(ViewPath::path)).toList())));
		rows.sort(Comparator.comparingLong((UserTable row) -> -(row.reads() + row.writes()))
			.thenComparing(UserTable::table)
			.thenComparing(UserTable::access));
		int from = (int) Math.min(rows.size(), page.offset());
		List<UserTable> shown = List.copyOf(rows.subList(from, Math.min(rows.size(), from + page.size())));
		return new UserTables(user, range.from(), range.to(), PageResponse.of(shown, page.page(), page.size(), rows.size()));
	}

	/** Every (base table, view, days) some view reaches a table on, with the segment it comes from. */
	private Reach reach(DateRange range) {
		List<IndirectRankingRepository.Entry> entries = new ArrayList<>();
		List<ReachSegment> segments = new ArrayList<>();
		views.reachingAny(range).forEach((base, reaches) -> reaches.segments().forEach(segment -> {
			entries.add(new IndirectRankingRepository.Entry(base, segment.view(), segment.from(), segment.to()));
			segments.add(segment);
		}));
		return new Reach(entries, segments);
	}

	private record Reach(List<IndirectRankingRepository.Entry> entries, List<ReachSegment> segments) {
	}

	/** One user's reads of the views on one table. */
	private static final class Via {

		long statements;

		long timeTravel;

		Instant last;

		final Set<ViewPath> paths = new LinkedHashSet<>();

		void add(IndirectUserRepository.EntryRow row, ReachSegment segment) {
			statements += row.statements();
			timeTravel += row.timeTravel();
			last = last == null || row.last().isAfter(last) ? row.last() : last;
			paths.addAll(segment.paths());
		}

	}

}
