package io.lakegov.reports;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.web.ApiException;
import io.lakegov.web.PageResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Service;

/**
 * Who read and wrote a table, and its daily trend, all from the rollups and reused until the next
 * ingestion batch commits. A table lakegov never saw answers empty without asking the cache.
 */
@Service
public class TableUsage {

	private final TableUsageRepository repository;

	private final GenerationCache cache;

	private final DetailHorizon horizon;

	TableUsage(TableUsageRepository repository, GenerationCache cache, DetailHorizon horizon) {
		this.repository = repository;
		this.cache = cache;
		this.horizon = horizon;
	}

	/**
	 * The answers for one source are counted from per-statement detail (the rollups have no source), which
	 * detail retention keeps only from the horizon on: a range that starts before it cannot be answered exactly
	 * from the store, and is refused rather than answered short.
	 */
	private void detailHeld(DateRange range, @Nullable String source) {
		if (source == null) {
			return;
		}
		horizon.closedBefore().filter(closedBefore -> range.from().isBefore(closedBefore)).ifPresent(closedBefore -> {
			throw ApiException.conflict("Answers for one source are counted from per-statement detail, which the store "
					+ "keeps from " + closedBefore + " on (lakegov.store.detail-retention). Ask from " + closedBefore
					+ ", or without source, or read the lakehouse archive's table_usage_daily.");
		});
	}

	TableUsers<TableReader> readers(ResolvedTable table, DateRange range, PageRequest page, @Nullable String source) {
		if (!table.seen()) {
			return new TableUsers<>(table.name(), false, range.from(), range.to(), source, 0,
					PageResponse.empty(page.page(), page.size()));
		}
		detailHeld(range, source);
		return cache.get(Arrays.asList("readers", table.name(), range, page, source),
				() -> computeReaders(table, range, page, source), TableUsage::readerRows);
	}

	private TableUsers<TableReader> computeReaders(ResolvedTable table, DateRange range, PageRequest page,
			@Nullable String source) {
		var rows = repository.users(table.name(), "READ", range, page, source);
		List<TableReader> readers = rows.stream()
			.map(row -> new TableReader(row.user(), row.statements(), row.lineageOnly(), row.timeTravelStatements(), row.first(),
					row.last(), row.sources()))
			.toList();
		return new TableUsers<>(table.name(), true, range.from(), range.to(), source,
				rows.isEmpty() ? repository.lineageOnly(table.name(), "READ", range, source)
						: rows.get(0).totalLineageOnly(),
				PageResponse.of(readers, page.page(), page.size(), total(rows),
						() -> repository.countUsers(table.name(), "READ", range, source)));
	}

	public TableUsers<TableWriter> writers(ResolvedTable table, DateRange range, PageRequest page, @Nullable String source) {
		if (!table.seen()) {
			return new TableUsers<>(table.name(), false, range.from(), range.to(), source, 0,
					PageResponse.empty(page.page(), page.size()));
		}
		detailHeld(range, source);
		return cache.get(Arrays.asList("writers", table.name(), range, page, source),
				() -> computeWriters(table, range, page, source), TableUsage::writerRows);
	}

	private TableUsers<TableWriter> computeWriters(ResolvedTable table, DateRange range, PageRequest page,
			@Nullable String source) {
		var rows = repository.users(table.name(), "WRITE", range, page, source);
		Optional<DateRange> detailed = horizon.open(range);
		Map<String, List<String>> kinds = detailed.isEmpty() ? Map.of() : repository.writeKinds(table.name(),
				detailed.get(), rows.stream().map(TableUsageRepository.UserRow::user).toList(), source);
		List<TableWriter> writers = rows.stream()
			.map(row -> new TableWriter(row.user(), row.statements(), row.lineageOnly(), row.first(), row.last(), row.sources(),
					kinds.getOrDefault(row.user(), List.of())))
			.toList();
		return new TableUsers<>(table.name(), true, range.from(), range.to(), source,
				rows.isEmpty() ? repository.lineageOnly(table.name(), "WRITE", range, source)
						: rows.get(0).totalLineageOnly(),
				PageResponse.of(writers, page.page(), page.size(), total(rows),
						() -> repository.countUsers(table.name(), "WRITE", range, source)));
	}

	/** One entry per day of the range, zero on days the table was not used. */
	public UsageSeries series(ResolvedTable table, DateRange range) {
		if (!table.seen()) {
			return series(table, range, List.of());
		}
		return cache.get(List.of("usage", table.name(), range), () -> series(table, range, repository.daily(table.name(), range)),
				series -> series.days().size());
	}

	private static UsageSeries series(ResolvedTable table, DateRange range, List<DailyUsage> usedDays) {
		Map<LocalDate, DailyUsage> used = new HashMap<>();
		usedDays.forEach(day -> used.put(day.date(), day));
		List<DailyUsage> days = new ArrayList<>((int) range.days());
		for (LocalDate day = range.from(); !day.isAfter(range.to()); day = day.plusDays(1)) {
			days.add(used.getOrDefault(day, new DailyUsage(day, 0, 0, 0, 0, 0, 0)));
		}
		return new UsageSeries(table.name(), table.seen(), range.from(), range.to(), days);
	}

	private static int readerRows(TableUsers<TableReader> readers) {
		return readers.users().items().stream().mapToInt(reader -> 1 + reader.sources().size()).sum();
	}

	private static int writerRows(TableUsers<TableWriter> writers) {
		return writers.users().items().stream()
			.mapToInt(writer -> 1 + writer.sources().size() + writer.statementKinds().size())
			.sum();
	}

	private static long total(List<TableUsageRepository.UserRow> rows) {
		return rows.isEmpty() ? 0 : rows.get(0).total();
	}

}
