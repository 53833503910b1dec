package io.lakegov.pages;

import java.util.List;

import io.lakegov.reports.rankings.Rankings;
import io.lakegov.reports.rankings.TableRank;
import io.lakegov.reports.rankings.UserRank;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The most used tables and the most active users over the chosen days, each charted, by the measures the API
 * ranks them by: tables by reads, readers, read duration or bytes read; users by table accesses, duration or
 * bytes.
 */
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
			@RequestParam(defaultValue = "reads") @Pattern(regexp = Rankings.TABLES_BY, message = Rankings.TABLES_BY_MESSAGE) String tablesBy,
			@RequestParam(defaultValue = "accesses") @Pattern(regexp = Rankings.USERS_BY, message = Rankings.USERS_BY_MESSAGE) String usersBy,
			@RequestParam(defaultValue = "20") @Min(1) @Max(MAX_LIMIT) int limit, Model model) {
		DateRange range = dates.range(from, to);
		List<TableRank> tables = rankings.tables(range, tablesBy, limit);
		List<UserRank> users = rankings.users(range, usersBy, limit);
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("limit", limit);
		model.addAttribute("tablesBy", tablesBy);
		model.addAttribute("usersBy", usersBy);
		model.addAttribute("tables", tables);
		model.addAttribute("users", users);
		model.addAttribute("tableMeasures", measures("tablesBy", tablesBy, List.of("reads", "users", "duration", "bytes")));
		model.addAttribute("userMeasures", measures("usersBy", usersBy, List.of("accesses", "duration", "bytes")));
		// the column of the numbers table each chart draws; distinct readers are counted (and shown) only when
		// they are what the tables are ranked by
		model.addAttribute("tablesColumn", switch (tablesBy) {
			case "users", "duration" -> 4;
			case "bytes" -> 5;
			default -> 2;
		});
		model.addAttribute("usersColumn", switch (usersBy) {
			case "duration" -> 5;
			case "bytes" -> 6;
			default -> 2;
		});
		model.addAttribute("tablesLabel", label("tables", words(tablesBy), tables.size(), range,
				tables.isEmpty() ? null : tables.get(0).table()));
		model.addAttribute("usersLabel", label("users", words(usersBy), users.size(), range,
				users.isEmpty() ? null : users.get(0).user()));
		return "rankings/rankings";
	}

	private static String label(String what, String by, int count, DateRange range, String first) {
		return "Bar chart of the " + count + " " + what + " with the " + by + " from " + range.from() + " to "
				+ range.to() + (first == null ? "" : ", led by " + first)
				+ ". The same numbers are in the table below the chart.";
	}

	/** The measures a ranking can be ordered by, as links that keep everything else the address holds. */
	private static List<Choice> measures(String parameter, String current, List<String> keys) {
		return keys.stream().map(key -> Choice.of(parameter, key, words(key), current, null)).toList();
	}

	private static String words(String key) {
		return switch (key) {
			case "users" -> "most readers";
			case "duration" -> "longest read duration";
			case "bytes" -> "most bytes read";
			case "accesses" -> "most table reads and writes";
			default -> "most reads";
		};
	}

}
