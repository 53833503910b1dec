package io.lakegov.reports;

import java.util.List;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.web.Callers;
import io.lakegov.web.PageResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Service;

/**
 * The statements behind a table's figures (one by one, and grouped by shape) and the tables read with it; the
 * groups and related tables are reused until the next ingestion batch commits. A table lakegov never saw
 * answers empty without asking the store. Statement texts are redacted; the raw text goes to admins only.
 */
@Service
public class TableQueryService {

	private final QueryGroupRepository queries;

	private final RelatedTableRepository related;

	private final StatementRepository statements;

	private final BusinessDates dates;

	private final GenerationCache cache;

	TableQueryService(QueryGroupRepository queries, RelatedTableRepository related, StatementRepository statements,
			BusinessDates dates, GenerationCache cache) {
		this.queries = queries;
		this.related = related;
		this.statements = statements;
		this.dates = dates;
		this.cache = cache;
	}

	/**
	 * Statements that started in the range, newest first, of the table and the user when given, read from the
	 * history source when given; with the raw text only when the caller may see it.
	 */
	public PageResponse<StatementEntry> statements(@Nullable ResolvedTable table, @Nullable String user,
			@Nullable String source, DateRange range, PageRequest page) {
		return statements(table, user, source, null, range, page);
	}

	/** As above, only those whose analysis status is {@code status} when given. */
	public PageResponse<StatementEntry> statements(@Nullable ResolvedTable table, @Nullable String user,
			@Nullable String source, @Nullable String status, DateRange range, PageRequest page) {
		if (table != null && !table.seen()) {
			return PageResponse.empty(page.page(), page.size());
		}
		String tableName = table == null ? null : table.name();
		var rows = statements.statements(tableName, user, source, status, range, dates.zone(), page,
				Callers.maySeeRawSql());
		return PageResponse.of(Counted.rows(rows), page.page(), page.size(), Counted.total(rows),
				() -> statements.count(tableName, user, source, status, range, dates.zone()));
	}

	public TableQueries queries(ResolvedTable table, DateRange range, QuerySort sort, PageRequest page) {
		if (!table.seen()) {
			return new TableQueries(table.name(), false, range.from(), range.to(), PageResponse.empty(page.page(), page.size()));
		}
		return cache.get(List.of("queries", table.name(), range, sort, page), () -> {
			var rows = queries.groups(table.name(), range, sort, page);
			return new TableQueries(table.name(), true, range.from(), range.to(), PageResponse.of(Counted.rows(rows),
					page.page(), page.size(), Counted.total(rows), () -> queries.count(table.name(), range)));
		}, answer -> answer.queries().items().stream().mapToInt(group -> 1 + group.sources().size()).sum());
	}

	public RelatedTables related(ResolvedTable table, DateRange range, PageRequest page) {
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
