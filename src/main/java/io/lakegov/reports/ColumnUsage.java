package io.lakegov.reports;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/**
 * Which columns of a table were read in a range and which were not, reused until the next ingestion batch or
 * column inventory change. A table lakegov never saw answers empty without asking the cache.
 */
@Service
public class ColumnUsage {

	private final ColumnUsageRepository repository;

	private final GenerationCache cache;

	ColumnUsage(ColumnUsageRepository repository, GenerationCache cache) {
		this.repository = repository;
		this.cache = cache;
	}

	public ColumnUsageReport columns(ResolvedTable table, DateRange range, PageRequest page) {
		if (!table.seen()) {
			return new ColumnUsageReport(table.name(), false, range.from(), range.to(),
					PageResponse.empty(page.page(), page.size()), List.of(), 0, new ColumnUsageReport.Unattributed(0, 0, 0));
		}
		String name = table.name();
		// computed in one REPEATABLE READ snapshot
		return cache.get(List.of("columns", name, range, page), () -> {
			var rows = repository.reads(name, range, page);
			var columns = PageResponse.of(rows.stream().map(ColumnUsageRepository.ColumnRow::reads).toList(),
					page.page(), page.size(), rows.isEmpty() ? 0 : rows.get(0).total(),
					() -> repository.readColumns(name, range));
			return new ColumnUsageReport(name, true, range.from(), range.to(), columns, repository.unread(name, range),
					repository.inventoryColumns(name), repository.unattributed(name, range));
		}, report -> report.columns().items().size() + report.unread().size());
	}

}
