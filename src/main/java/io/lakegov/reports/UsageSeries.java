package io.lakegov.reports;

import java.time.LocalDate;
import java.util.List;

/**
 * A table's daily usage over a date range, one entry per day (days without use count zero).
 *
 * @param table the table, resolved to its full name
 * @param seen false when lakegov never saw the table
 * @param from the first business day
 * @param to the last business day, included
 * @param days one entry per day from {@code from} to {@code to}
 */
public record UsageSeries(String table, boolean seen, LocalDate from, LocalDate to, List<DailyUsage> days) {

	public UsageSeries {
		days = List.copyOf(days);
	}

}
