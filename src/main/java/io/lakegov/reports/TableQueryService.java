package io.lakegov.reports;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/**
 * The statements behind a table's figures and the tables read with it, reused until the next ingestion
 * batch commits. A table lakegov never saw answers empty without asking the cache.
 */
@Service
class TableQueryService {

	private final QueryGroupRepository queries;

	private final RelatedTableRepository related;

	private final GenerationCache cache;

	TableQueryService(QueryGroupRepository queries, RelatedTableRepository related, GenerationCache cache) {
		this.queries = queries;
		this.related = related;
		this.cache = cache;
	}

	TableQueries queries(ResolvedTable table, DateRange range, QuerySort sort, PageRequest page) {
		if (!table.seen()) {
			return new TableQueries(table.name(), false, range.from(), range.to(), PageResponse.empty(page.page(), page.size()));
		}
		return cache.get(List.of("queries", table.name(), range, sort, page), () -> {
			var rows = queries.groups(table.name(), range, sort, page);
			return new TableQueries(table.name(), true, range.from(), range.to(), PageResponse.of(Counted.rows(rows),
					page.page(), page.size(), Counted.total(rows), () -> queries.count(table.name(), range)));
		}, answer -> answer.queries().items().stream().mapToInt(group -> 1 + group.sources().size()).sum());
	}

	RelatedTables related(ResolvedTable table, DateRange range, PageRequest page) {
		if (!table.seen()) {
			return new RelatedTables(table.name(), false, range.from(), range.to(), 0,
					PageResponse.empty(page.page(), page.size()));
		}
		return cache.get(List.of("related", table.name(), range, page), () -> {
			var rows = related.related(table.name(), range, page);
			return new RelatedTables(table.name(), true, range.from(), range.to(), related.reads(table.name(), range),
					PageResponse.of(Counted.rows(rows), page.page(), page.size(), Counted.total(rows),
							() -> related.count(table.name(), range)));
		}, answer -> answer.tables().items().size());
	}

}
