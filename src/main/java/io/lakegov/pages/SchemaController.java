package io.lakegov.pages;

import io.lakegov.reports.rankings.SchemaUsageService;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.ApiException;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * One schema: its totals over the chosen days and its tables, most read first, with their readers and read
 * cost; from the service the API's schema operation calls.
 */
@Controller
@Hidden
class SchemaController {

	private final BusinessDates dates;

	private final SchemaUsageService schemas;

	SchemaController(BusinessDates dates, SchemaUsageService schemas) {
		this.dates = dates;
		this.schemas = schemas;
	}

	@GetMapping("/schemas/{schema}")
	String schema(@PathVariable String schema, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			Model model) {
		DateRange range = dates.range(from, to);
		var usage = schemas.usage(schema, range, new PageRequest(page, size));
		if (!usage.seen()) {
			throw ApiException.notFound("lakegov knows no table in a schema named " + usage.schema() + ".");
		}
		model.addAttribute("schema", usage.schema());
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("usage", usage);
		model.addAttribute("pager", Pager.of(usage.tables(), "page"));
		return "schemas/schema";
	}

}
