package io.lakegov.pages.tables;

import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;

import io.lakegov.impact.ImpactService;
import io.lakegov.pages.PageNames;
import io.lakegov.pages.Pager;
import io.lakegov.reports.ColumnUsage;
import io.lakegov.reports.IndirectReaders;
import io.lakegov.reports.QuerySort;
import io.lakegov.reports.StatementEntry;
import io.lakegov.reports.TableQueryService;
import io.lakegov.reports.TableUsage;
import io.lakegov.retention.RetentionService;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.ApiException;
import io.lakegov.web.Callers;
import io.lakegov.web.PageResponse;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * One table: the verdict and its evidence, the daily chart over the chosen days, its readers (directly and
 * through views, with the paths), its writers, the jobs, notebooks and dashboards that use it, its columns with
 * their reads, its query groups and latest statements (raw text for admins only), the tables read with it, its
 * shares and its retention proposal; from the services the API's table, column, query, impact and retention
 * operations call. Each list pages on its own parameter, so that every page of every list has an address.
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

	private final TableQueryService queries;

	private final RetentionService retention;

	private final PageNames names;

	private final DetailHorizon horizon;

	TableController(TableResolver resolver, BusinessDates dates, ImpactService impact, TableUsage usage,
			IndirectReaders readers, ColumnUsage columns, TableQueryService queries, RetentionService retention,
			PageNames names, DetailHorizon horizon) {
		this.resolver = resolver;
		this.dates = dates;
		this.impact = impact;
		this.usage = usage;
		this.readers = readers;
		this.columns = columns;
		this.queries = queries;
		this.retention = retention;
		this.names = names;
		this.horizon = horizon;
	}

	/** A table's page: {@code /tables/main.sales.orders}, or {@code /tables?name=...} for a table addressed by path. */
	@GetMapping({ "/tables/{table}", "/tables" })
	String table(@PathVariable(required = false) @Nullable String table,
			@RequestParam(required = false) @Nullable String name, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int readersPage,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int writersPage,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int columnsPage,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int queriesPage,
			@RequestParam(defaultValue = "statements") String queriesSort,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int statementsPage,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int relatedPage,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			HttpServletRequest request, Model model) {
		String given = table != null ? table : name;
		if (given == null) {
			throw ApiException.notFound("There is no page at this address. Search for a table, a schema or a user.");
		}
		ResolvedTable resolved = resolver.resolve(given);
		if (!resolved.seen()) {
			throw ApiException.notFound("lakegov knows no table named " + resolved.name()
					+ ": no statement read or wrote it, and the lakehouse inventory does not list it.");
		}
		String written = TableRef.written(resolved.name());
		if (!written.equals(given) || PageNames.byQuery(written) != (table == null)) {
			return PageNames.redirect(names.table(resolved.name()), request, Set.of("name"));
		}
		QuerySort sort = QuerySort.parse(queriesSort);
		DateRange range = dates.range(from, to);
		var report = impact.report(resolved, range);
		model.addAttribute("table", resolved.name());
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("report", report);
		model.addAttribute("maxListed", ImpactService.MAX_LISTED);
		model.addAttribute("verdict", VerdictWords.of(report));
		model.addAttribute("wider", report.evidence().reads() + report.evidence().indirectReads() > 0 ? null
				: WiderLook.of(range, longer -> {
					var wider = impact.report(resolved, longer);
					return new WiderLook(longer, wider.evidence().reads() + wider.evidence().indirectReads(), wider.lastRead());
				}));
		model.addAttribute("chart", UsageChart.of(usage.series(resolved, range), dates.today()));

		var readerPage = readers.readers(resolved, range, new PageRequest(readersPage, size));
		model.addAttribute("readers", readerPage);
		model.addAttribute("readersPager", Pager.of(readerPage.users(), "readersPage"));
		var writerPage = usage.writers(resolved, range, new PageRequest(writersPage, size), null);
		model.addAttribute("writers", writerPage);
		model.addAttribute("writersPager", Pager.of(writerPage.users(), "writersPage"));
		var columnReport = columns.columns(resolved, range, new PageRequest(columnsPage, size));
		model.addAttribute("columns", columnReport);
		model.addAttribute("columnsPager", Pager.of(columnReport.columns(), "columnsPage"));

		var groups = queries.queries(resolved, range, sort, new PageRequest(queriesPage, size));
		model.addAttribute("queries", groups);
		// as parsed: an address may spell the order in any case
		model.addAttribute("queriesSort", sort.key());
		model.addAttribute("queriesOrders", QueryOrder.all());
		model.addAttribute("queriesPager", Pager.of(groups.queries(), "queriesPage"));
		// under detail retention the statements of closed days are in the lakehouse archive, not in the store
		Optional<LocalDate> closedBefore = horizon.closedBefore().filter(day -> range.from().isBefore(day));
		var statements = DetailHorizon.open(range, closedBefore)
			.map(open -> queries.statements(resolved, null, null, open, new PageRequest(statementsPage, size)))
			.orElseGet(() -> PageResponse.<StatementEntry>empty(statementsPage, size));
		model.addAttribute("statements", statements);
		model.addAttribute("statementsClosedBefore", closedBefore.orElse(null));
		model.addAttribute("statementsPager", Pager.of(statements, "statementsPage"));
		// the raw texts' column only for admins, and only when the store keeps some of these texts
		boolean admin = Callers.maySeeRawSql();
		model.addAttribute("rawSql", admin && statements.items().stream().anyMatch(entry -> entry.sql() != null));
		model.addAttribute("rawSqlNotKept", admin && !statements.items().isEmpty()
				&& statements.items().stream().allMatch(entry -> entry.sql() == null));
		var related = queries.related(resolved, range, new PageRequest(relatedPage, size));
		model.addAttribute("related", related);
		model.addAttribute("relatedPager", Pager.of(related.tables(), "relatedPage"));

		// retention proposals are for tables by catalog.schema.table; a path or a partial name has none
		model.addAttribute("retention", retention.tableIfNamed(written).orElse(null));
		return "tables/table";
	}

}
