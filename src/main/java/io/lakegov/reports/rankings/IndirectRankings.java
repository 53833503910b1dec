package io.lakegov.reports.rankings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;
import io.lakegov.views.ReadsThroughViews;
import io.lakegov.views.ViewReaches;
import io.lakegov.views.Views;

import org.springframework.stereotype.Component;

/**
 * Table rankings with indirect reads. Only tables some view reaches gain anything, so the ranking is the
 * direct one's top tables plus every table reached through views, each of the latter counted again with
 * its views: a table outside the direct top that no view reaches cannot enter the top. A statement that
 * read several views reaching one table counts once for it.
 */
@Component
class IndirectRankings {

	private final RankingRepository rankings;

	private final IndirectRankingRepository repository;

	private final Views views;

	private final ReadsThroughViews throughViews;

	IndirectRankings(RankingRepository rankings, IndirectRankingRepository repository, Views views,
			ReadsThroughViews throughViews) {
		this.throughViews = throughViews;
		this.rankings = rankings;
		this.repository = repository;
		this.views = views;
	}

	List<TableRank> tables(DateRange range, boolean byUsers, int limit) {
		List<TableRank> top = byUsers ? rankings.tablesByUsers(range, limit) : rankings.tablesByReads(range, limit);
		Map<String, ViewReaches> reached = views.reachingAny(range);
		Map<String, TableRank> ranked = new LinkedHashMap<>();
		top.forEach(rank -> ranked.put(rank.table(), rank));
		List<IndirectRankingRepository.Entry> readerEntries = new ArrayList<>();
		reached.forEach((base, reaches) -> {
			readerEntries.add(new IndirectRankingRepository.Entry(base, base, range.from(), range.to()));
			reaches.segments()
				.forEach(segment -> readerEntries
					.add(new IndirectRankingRepository.Entry(base, segment.view(), segment.from(), segment.to())));
		});
		Map<String, Long> indirectReads = throughViews.reads(reached);
		Map<String, Long> users = byUsers && !readerEntries.isEmpty() ? repository.users(readerEntries) : Map.of();
		List<String> missing = reached.keySet().stream().filter(base -> !ranked.containsKey(base)).toList();
		if (!missing.isEmpty()) {
			repository.direct(missing, range).forEach(rank -> ranked.put(rank.table(), rank));
		}
		for (String base : reached.keySet()) {
			ranked.putIfAbsent(base, new TableRank(base, 0, 0, 0, 0, null, 0, 0));
		}
		List<TableRank> answer = new ArrayList<>();
		ranked.values().forEach(rank -> answer.add(new TableRank(rank.table(), rank.reads(), rank.writes(),
				rank.timeTravelReads(), rank.lineageOnlyReads(), byUsers ? users.getOrDefault(rank.table(), rank.users() == null ? 0 : rank.users()) : null,
				rank.durationMs(), rank.readBytes(), indirectReads.getOrDefault(rank.table(), 0L))));
		Comparator<TableRank> order = byUsers ? Comparator.comparingLong(TableRank::users).reversed()
				: Comparator.comparingLong((TableRank rank) -> rank.reads() + rank.indirectReads()).reversed();
		return answer.stream().sorted(order.thenComparing(TableRank::table)).limit(limit).toList();
	}

}
