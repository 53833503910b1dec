package io.lakegov.pages.tables;

import io.lakegov.impact.ImpactService;
import io.lakegov.pages.Pager;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableResolver;
import io.lakegov.reports.ColumnUsage;
import io.lakegov.reports.IndirectReaders;
import io.lakegov.reports.TableUsage;
import io.lakegov.web.ApiException;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * One table: the verdict and its evidence, the daily chart over the chosen days, its readers (directly and
 * through views, with the paths), its writers, the jobs, notebooks and dashboards that use it and its columns
 * with their reads; from the services the API's table, column and impact operations call.
 */
@Controller
@Hidden
class TableController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final ImpactService impact;

	private final TableUsage usage;

	private final IndirectReaders readers;

	private final ColumnUsage columns;

	TableController(TableResolver resolver, BusinessDates dates, ImpactService impact, TableUsage usage,
			IndirectReaders readers, ColumnUsage columns) {
		this.columns = columns;
		this.resolver = resolver;
		this.dates = dates;
		this.impact = impact;
		this.usage = usage;
		this.readers = readers;
	}

	@GetMapping("/tables/{table}")
	String table(@PathVariable String table, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(defaultValue = "0") @Min(0) int readersPage,
			@RequestParam(defaultValue = "0") @Min(0) int writersPage,
			@RequestParam(defaultValue = "0") @Min(0) int columnsPage,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			HttpServletRequest request, Model model) {
		ResolvedTable resolved = resolver.resolve(table);
		if (!resolved.seen()) {
			throw ApiException.notFound("lakegov knows no table named " + resolved.name()
					+ ": no statement read or wrote it, and the lakehouse inventory does not list it.");
		}
		if (!resolved.name().equals(table)) {
			String query = request.getQueryString();
			return "redirect:" + UriComponentsBuilder.fromPath("/tables/{table}").buildAndExpand(resolved.name()).encode()
					.toUriString() + (query == null ? "" : "?" + query);
		}
		DateRange range = dates.range(from, to);
		var report = impact.report(resolved, range);
		var series = usage.series(resolved, range);
		var readerPage = readers.readers(resolved, range, new PageRequest(readersPage, size));
		var writerPage = usage.writers(resolved, range, new PageRequest(writersPage, size), null);
		model.addAttribute("table", resolved.name());
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("report", report);
		model.addAttribute("verdict", VerdictWords.of(report));
		model.addAttribute("chart", UsageChart.of(series));
		model.addAttribute("readers", readerPage);
		model.addAttribute("readersPager", Pager.of(readerPage.users(), "readersPage"));
		model.addAttribute("writers", writerPage);
		model.addAttribute("writersPager", Pager.of(writerPage.users(), "writersPage"));
		var columnReport = columns.columns(resolved, range, new PageRequest(columnsPage, size));
		model.addAttribute("columns", columnReport);
		model.addAttribute("columnsPager", Pager.of(columnReport.columns(), "columnsPage"));
		return "tables/table";
	}

}
