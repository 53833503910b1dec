package io.lakegov.pages.tables;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;

import io.lakegov.reports.DailyUsage;
import io.lakegov.reports.UsageSeries;
import org.jspecify.annotations.Nullable;

/**
 * The daily chart of a table: its days (which the page also shows as a table, the chart's numbers for those
 * who do not see it) and a sentence that says what the chart shows.
 *
 * @param days one entry per day of the range
 * @param reads all reads of the range
 * @param writes all writes
 * @param timeTravelReads all time-travel reads
 * @param label what the chart shows, for those who cannot see it
 * @param partialDay the last day when it is today: counted so far, not a whole day (the chart marks it, so that
 * a day under way does not look like a fall); null when the range ends before today
 */
record UsageChart(List<DailyUsage> days, long reads, long writes, long timeTravelReads, String label,
		@Nullable LocalDate partialDay) {

	static UsageChart of(UsageSeries series, LocalDate today) {
		List<DailyUsage> days = series.days();
		LocalDate partial = series.to().equals(today) ? today : null;
		long reads = days.stream().mapToLong(DailyUsage::reads).sum();
		long writes = days.stream().mapToLong(DailyUsage::writes).sum();
		long travel = days.stream().mapToLong(DailyUsage::timeTravelReads).sum();
		String busiest = days.stream()
			.filter(day -> day.reads() > 0)
			.max(Comparator.comparingLong(DailyUsage::reads))
			.map(day -> "; most reads on " + day.date() + " (" + day.reads() + ")")
			.orElse("");
		String label = "Daily reads, writes, distinct users and time-travel reads of " + series.table() + " from "
				+ series.from() + " to " + series.to() + ": " + reads + " reads, " + writes + " writes and " + travel
				+ " time-travel reads in all" + busiest + "."
				+ (partial == null ? "" : " Today, " + today + ", is counted so far.")
				+ " The same numbers are in the table below the chart.";
		return new UsageChart(days, reads, writes, travel, label, partial);
	}

}
