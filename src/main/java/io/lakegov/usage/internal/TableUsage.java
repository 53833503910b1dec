package io.lakegov.usage.internal;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.web.PageResponse;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;

import org.springframework.stereotype.Service;

/** Who read and wrote a table, and its daily trend, all from the rollups. */
@Service
class TableUsage {

	private final TableUsageRepository repository;

	TableUsage(TableUsageRepository repository) {
		this.repository = repository;
	}

	TableUsers<TableReader> readers(ResolvedTable table, DateRange range, PageRequest page) {
		if (!table.seen()) {
			return new TableUsers<>(table.name(), false, range.from(), range.to(), PageResponse.empty(page.page(), page.size()));
		}
		var rows = repository.users(table.name(), "READ", range, page);
		List<TableReader> readers = rows.stream()
			.map(row -> new TableReader(row.user(), row.statements(), row.timeTravelStatements(), row.first(),
					row.last(), row.sources()))
			.toList();
		return new TableUsers<>(table.name(), true, range.from(), range.to(), PageResponse.of(readers, page.page(), page.size(), total(rows),
				() -> repository.countUsers(table.name(), "READ", range)));
	}

	TableUsers<TableWriter> writers(ResolvedTable table, DateRange range, PageRequest page) {
		if (!table.seen()) {
			return new TableUsers<>(table.name(), false, range.from(), range.to(), PageResponse.empty(page.page(), page.size()));
		}
		var rows = repository.users(table.name(), "WRITE", range, page);
		Map<String, List<String>> kinds = repository.writeKinds(table.name(), range,
				rows.stream().map(TableUsageRepository.UserRow::user).toList());
		List<TableWriter> writers = rows.stream()
			.map(row -> new TableWriter(row.user(), row.statements(), row.first(), row.last(), row.sources(),
					kinds.getOrDefault(row.user(), List.of())))
			.toList();
		return new TableUsers<>(table.name(), true, range.from(), range.to(), PageResponse.of(writers, page.page(), page.size(), total(rows),
				() -> repository.countUsers(table.name(), "WRITE", range)));
	}

	/** One entry per day of the range, zero on days the table was not used. */
	UsageSeries series(ResolvedTable table, DateRange range) {
		Map<LocalDate, DailyUsage> used = new HashMap<>();
		if (table.seen()) {
			repository.daily(table.name(), range).forEach(day -> used.put(day.date(), day));
		}
		List<DailyUsage> days = new ArrayList<>((int) range.days());
		for (LocalDate day = range.from(); !day.isAfter(range.to()); day = day.plusDays(1)) {
			days.add(used.getOrDefault(day, new DailyUsage(day, 0, 0, 0, 0)));
		}
		return new UsageSeries(table.name(), table.seen(), range.from(), range.to(), days);
	}

	private static long total(List<TableUsageRepository.UserRow> rows) {
		return rows.isEmpty() ? 0 : rows.get(0).total();
	}

}
