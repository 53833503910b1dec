package io.lakegov.pages.tables;

import java.time.LocalDate;
import java.util.List;

import io.lakegov.reports.DailyUsage;
import io.lakegov.reports.UsageSeries;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A range that ends today says its last day is counted so far; one that ends before does not. */
class UsageChartTests {

	private static final LocalDate TODAY = LocalDate.of(2026, 3, 10);

	private static UsageSeries series(LocalDate to) {
		LocalDate from = to.minusDays(1);
		return new UsageSeries("main.sales.orders", true, from, to,
				List.of(new DailyUsage(from, 40, 2, 1, 5, 100, 1000), new DailyUsage(to, 3, 0, 0, 1, 10, 50)));
	}

	@Test
	void marksTodayAsCountedSoFar() {
		UsageChart chart = UsageChart.of(series(TODAY), TODAY);
		assertThat(chart.partialDay()).isEqualTo(TODAY);
		assertThat(chart.label()).contains("43 reads", "Today, 2026-03-10, is counted so far.");
	}

	@Test
	void aRangeThatEndedBeforeTodayIsWhole() {
		UsageChart chart = UsageChart.of(series(TODAY.minusDays(1)), TODAY);
		assertThat(chart.partialDay()).isNull();
		assertThat(chart.label()).doesNotContain("so far");
	}

}
