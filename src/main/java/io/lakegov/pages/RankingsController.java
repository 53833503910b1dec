package io.lakegov.pages;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.reports.rankings.Rankings;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The most read tables, charted, and the most active users, over the chosen days; as the API ranks them. */
@Controller
@Hidden
class RankingsController {

	static final int MAX_LIMIT = 100;

	private final BusinessDates dates;

	private final Rankings rankings;

	RankingsController(BusinessDates dates, Rankings rankings) {
		this.dates = dates;
		this.rankings = rankings;
	}

	@GetMapping("/rankings")
	String rankings(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(defaultValue = "20") @Min(1) @Max(MAX_LIMIT) int limit, Model model) {
		DateRange range = dates.range(from, to);
		var tables = rankings.tables(range, "reads", limit);
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("limit", limit);
		model.addAttribute("tables", tables);
		model.addAttribute("users", rankings.users(range, "accesses", limit));
		model.addAttribute("chartLabel", "Bar chart of the " + tables.size() + " most read tables from " + range.from()
				+ " to " + range.to() + (tables.isEmpty() ? "" : ", led by " + tables.get(0).table() + " with "
						+ tables.get(0).reads() + " reads") + ". The same numbers are in the table below the chart.");
		return "rankings/rankings";
	}

}
