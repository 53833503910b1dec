package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;

import org.springframework.stereotype.Service;

/** Rankings at the current store generation, reused until the next ingestion batch commits. */
@Service
public class Rankings {

	/** What tables are ranked by, as a request parameter's pattern, and its words when it is none of them. */
	public static final String TABLES_BY = "reads|users|duration|bytes";

	public static final String TABLES_BY_MESSAGE = "must be reads, users, duration or bytes";

	/** What users are ranked by, as a request parameter's pattern, and its words when it is none of them. */
	public static final String USERS_BY = "accesses|duration|bytes";

	public static final String USERS_BY_MESSAGE = "must be accesses, duration or bytes";

	private final RankingRepository repository;

	private final CostRankingRepository costs;

	private final GenerationCache cache;

	private final IndirectRankings indirect;

	Rankings(RankingRepository repository, CostRankingRepository costs, GenerationCache cache, IndirectRankings indirect) {
		this.repository = repository;
		this.costs = costs;
		this.cache = cache;
		this.indirect = indirect;
	}

	/** Tables by {@code reads}, {@code users}, {@code duration} or {@code bytes}. */
	public List<TableRank> tables(DateRange range, String by, int limit) {
		return cache.get(List.of("rank-tables", by, range, limit), () -> switch (by) {
			case "users" -> repository.tablesByUsers(range, limit);
			case "duration", "bytes" -> costs.tables(range, by, limit);
			default -> repository.tablesByReads(range, limit);
		}, List::size);
	}

	/** The same with the reads through views counted for the tables they reach. */
	List<TableRank> tablesWithIndirect(DateRange range, boolean byUsers, int limit) {
		return cache.get(List.of("rank-tables-indirect", byUsers, range, limit),
				() -> indirect.tables(range, byUsers, limit), List::size);
	}

	/** The users active over the range whose name holds the text (in lower case), most active first. */
	public List<String> usersContaining(DateRange range, String text, int limit) {
		return repository.usersContaining(range, text, limit);
	}

	/** Users by {@code accesses} (reads and writes), {@code duration} or {@code bytes}. */
	public List<UserRank> users(DateRange range, String by, int limit) {
		return cache.get(List.of("rank-users", by, range, limit),
				() -> "accesses".equals(by) ? repository.users(range, limit) : costs.users(range, by, limit), List::size);
	}

}
