package io.lakegov.pages.tables;

import java.util.Comparator;
import java.util.List;

import io.lakegov.reports.DailyUsage;
import io.lakegov.reports.UsageSeries;

/**
 * The daily chart of a table: its days (which the page also shows as a table, the chart's numbers for those
 * who do not see it) and a sentence that says what the chart shows.
 *
 * @param days one entry per day of the range
 * @param reads all reads of the range
 * @param writes all writes
 * @param timeTravelReads all time-travel reads
 * @param label what the chart shows, for those who cannot see it
 */
record UsageChart(List<DailyUsage> days, long reads, long writes, long timeTravelReads, String label) {

	static UsageChart of(UsageSeries series) {
		List<DailyUsage> days = series.days();
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
				+ " time-travel reads in all" + busiest + ". The same numbers are in the table below the chart.";
		return new UsageChart(days, reads, writes, travel, label);
	}

}
