package io.lakegov.reports;

import java.util.List;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.PageResponse;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Which columns of a table are read, and which are not. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Table usage", description = "Who read and wrote a table, through which jobs, notebooks and dashboards")
public class ColumnUsageController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final ColumnUsageRepository repository;

	private final GenerationCache cache;

	ColumnUsageController(TableResolver resolver, BusinessDates dates, ColumnUsageRepository repository,
			GenerationCache cache) {
		this.resolver = resolver;
		this.dates = dates;
		this.repository = repository;
		this.cache = cache;
	}

	@GetMapping("/api/v1/tables/{table}/columns")
	@Operation(summary = "Columns read in the range (reads, distinct readers, last read, first seen), the inventory's "
			+ "columns nobody read, and the reads that could not be attributed to a column")
	public ColumnUsageReport columns(
			@Parameter(description = TableUsageController.TABLE_DOC, example = "main.sales.orders") @PathVariable String table,
			@Parameter(description = TableUsageController.FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) String from,
			@Parameter(description = TableUsageController.TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		ResolvedTable resolved = resolver.resolve(table);
		DateRange range = dates.range(from, to);
		PageRequest request = new PageRequest(page, size);
		if (!resolved.seen()) {
			return new ColumnUsageReport(resolved.name(), false, range.from(), range.to(),
					PageResponse.empty(page, size), List.of(), 0, new ColumnUsageReport.Unattributed(0, 0, 0));
		}
		String name = resolved.name();
		// reused until the next batch or column inventory change, computed in one REPEATABLE READ snapshot
		return cache.get(List.of("columns", name, range, request), () -> {
			var rows = repository.reads(name, range, request);
			var columns = PageResponse.of(rows.stream().map(ColumnUsageRepository.ColumnRow::reads).toList(), page,
					size, rows.isEmpty() ? 0 : rows.get(0).total(), () -> repository.readColumns(name, range));
			return new ColumnUsageReport(name, true, range.from(), range.to(), columns, repository.unread(name, range),
					repository.inventoryColumns(name), repository.unattributed(name, range));
		}, report -> report.columns().items().size() + report.unread().size());
	}

}
