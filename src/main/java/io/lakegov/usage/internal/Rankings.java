package io.lakegov.usage.internal;

import java.util.List;

import io.lakegov.usage.DateRange;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Rankings at the current store generation. The generation and the rollups are read in one snapshot,
 * so a ranking is never cached under a generation older than the data it was computed from.
 */
@Service
class Rankings {

	private final RankingRepository repository;

	private final StoreGeneration generation;

	private final RankingCache cache;

	Rankings(RankingRepository repository, StoreGeneration generation, RankingCache cache) {
		this.repository = repository;
		this.generation = generation;
		this.cache = cache;
	}

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	List<TableRank> tables(DateRange range, boolean byUsers, int limit) {
		return cache.get(generation.current(), List.of("tables", byUsers, range, limit),
				() -> byUsers ? repository.tablesByUsers(range, limit) : repository.tablesByReads(range, limit));
	}

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	List<UserRank> users(DateRange range, int limit) {
		return cache.get(generation.current(), List.of("users", range, limit), () -> repository.users(range, limit));
	}

}
