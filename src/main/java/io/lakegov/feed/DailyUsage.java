package io.lakegov.feed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Every table's usage per business day, page after page in (day, table) order, for catalogs that pull it and for
 * what lakegov sends them. A page is read in one snapshot, so its counts agree with each other; the next page
 * starts strictly after the last entry of this one, so a walk through a window returns each (day, table) at most
 * once while ingestion writes, and every one that was there when the walk began.
 */
@Service
public class DailyUsage {

	/** The most days a window of the feed may span. */
	public static final int MAX_DAYS = 366;

	/** Entries per page unless asked otherwise. */
	public static final int DEFAULT_SIZE = 100;

	/** The most entries per page. */
	public static final int MAX_SIZE = 500;

	private final DailyUsageRepository repository;

	DailyUsage(DailyUsageRepository repository) {
		this.repository = repository;
	}

	/** A page's entries and the position after its last one, null when no entry follows in the window. */
	public record Page(List<TableDay> items, FeedPosition next) {

		public Page {
			items = List.copyOf(items);
		}

	}

	/** Whether the window holds more than {@code limit} entries. */
	public boolean exceeds(DateRange window, long limit) {
		return repository.count(window, limit + 1) > limit;
	}

	/**
	 * Up to {@code size} entries of the window after {@code after} ({@link FeedPosition#before} the window's first
	 * day for the first page).
	 */
	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	public Page page(DateRange window, FeedPosition after, int size) {
		if (size < 1 || size > MAX_SIZE) {
			throw new IllegalArgumentException("size must be between 1 and " + MAX_SIZE + ", was " + size);
		}
		// one more than asked tells whether another page follows
		List<DailyUsageRepository.Day> days = repository.days(window, after, size + 1);
		boolean more = days.size() > size;
		if (more) {
			days = days.subList(0, size);
		}
		if (days.isEmpty()) {
			return new Page(List.of(), null);
		}
		Map<DailyUsageRepository.Key, List<TableDay.UserCount>> users = repository.topUsers(days, TableDay.TOP_USERS);
		Map<DailyUsageRepository.Key, DailyUsageRepository.Shapes> shapes = repository.topQueries(days,
				TableDay.TOP_QUERIES);
		Map<DailyUsageRepository.Key, DailyUsageRepository.Columns> columns = repository.columns(days,
				TableDay.MAX_COLUMNS);
		List<TableDay> items = new ArrayList<>(days.size());
		for (DailyUsageRepository.Day day : days) {
			var key = day.key();
			var dayShapes = shapes.get(key);
			var dayColumns = columns.get(key);
			items.add(new TableDay(day.date(), day.table(), dayShapes == null ? 0 : dayShapes.statements(), day.reads(),
					day.writes(), day.timeTravelReads(), day.users(), users.getOrDefault(key, List.of()),
					dayShapes == null ? List.of() : dayShapes.list(), dayColumns == null ? List.of() : dayColumns.list(),
					dayColumns == null ? 0 : dayColumns.count()));
		}
		DailyUsageRepository.Day last = days.get(days.size() - 1);
		return new Page(items, more ? new FeedPosition(last.date(), last.table()) : null);
	}

}
