package io.lakegov.pages.tables;

import io.lakegov.impact.ColumnImpactService;
import io.lakegov.impact.ColumnName;
import io.lakegov.impact.ImpactService;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.ApiException;
import io.swagger.v3.oas.annotations.Hidden;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * What dropping or renaming one column breaks: its verdict with the evidence, readers, writers, jobs and
 * dashboards, views and downstream tables; from the service the API's column impact operation calls.
 */
@Controller
@Hidden
class ColumnController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final ColumnImpactService impact;

	ColumnController(TableResolver resolver, BusinessDates dates, ColumnImpactService impact) {
		this.resolver = resolver;
		this.dates = dates;
		this.impact = impact;
	}

	@GetMapping("/tables/{table}/columns/{column}")
	String column(@PathVariable String table, @PathVariable String column, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, Model model) {
		return page(table, column, from, to, model);
	}

	/** The column of a table addressed by path, whose slashes no path segment may hold. */
	@GetMapping("/columns")
	String columnOfPath(@RequestParam String table, @RequestParam String column,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to, Model model) {
		return page(table, column, from, to, model);
	}

	private String page(String table, String column, String from, String to, Model model) {
		ResolvedTable resolved = resolver.resolve(table);
		ColumnName name = ColumnName.parse(column);
		if (!resolved.seen()) {
			throw ApiException.notFound("lakegov knows no table named " + resolved.name() + ".");
		}
		DateRange range = dates.range(from, to);
		model.addAttribute("table", resolved.name());
		model.addAttribute("column", name.name());
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		var report = impact.report(resolved, name, range);
		model.addAttribute("report", report);
		model.addAttribute("wider", report.evidence().reads() > 0 ? null : WiderLook.of(range, longer -> {
			var wider = impact.report(resolved, name, longer);
			return new WiderLook(longer, wider.evidence().reads(), wider.lastRead());
		}));
		model.addAttribute("maxListed", ImpactService.MAX_LISTED);
		return "tables/column";
	}

}
