package io.lakegov.pages;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.reports.rankings.IndirectUsers;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * One user: the tables they read and wrote over the chosen days, most used first, with what the reads cost,
 * those reached through views with the paths; from the service the API's user operation calls with
 * {@code indirect=true}.
 */
@Controller
@Hidden
class UserController {

	private final BusinessDates dates;

	private final IndirectUsers users;

	UserController(BusinessDates dates, IndirectUsers users) {
		this.dates = dates;
		this.users = users;
	}

	@GetMapping("/users/{user}")
	String user(@PathVariable @Size(min = 1, max = 255) String user, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			Model model) {
		DateRange range = dates.range(from, to);
		var tables = users.tables(user, range, new PageRequest(page, size));
		model.addAttribute("user", user);
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("tables", tables);
		model.addAttribute("pager", Pager.of(tables.tables(), "page"));
		return "users/user";
	}

}
