package io.lakegov.usage.internal;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;

import org.springframework.stereotype.Service;

/** Rankings at the current store generation, reused until the next ingestion batch commits. */
@Service
class Rankings {

	private final RankingRepository repository;

	private final GenerationCache cache;

	private final IndirectRankings indirect;

	Rankings(RankingRepository repository, GenerationCache cache, IndirectRankings indirect) {
		this.repository = repository;
		this.cache = cache;
		this.indirect = indirect;
	}

	List<TableRank> tables(DateRange range, boolean byUsers, int limit) {
		return cache.get(List.of("rank-tables", byUsers, range, limit),
				() -> byUsers ? repository.tablesByUsers(range, limit) : repository.tablesByReads(range, limit),
				List::size);
	}

	/** The same with the reads through views counted for the tables they reach. */
	List<TableRank> tablesWithIndirect(DateRange range, boolean byUsers, int limit) {
		return cache.get(List.of("rank-tables-indirect", byUsers, range, limit),
				() -> indirect.tables(range, byUsers, limit), List::size);
	}

	List<UserRank> users(DateRange range, int limit) {
		return cache.get(List.of("rank-users", range, limit), () -> repository.users(range, limit), List::size);
	}

}
