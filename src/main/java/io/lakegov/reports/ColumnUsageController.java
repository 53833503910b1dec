package io.lakegov.reports;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Which columns of a table are read, and which are not. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Table usage", description = "Who read and wrote a table, through which jobs, notebooks and dashboards")
class ColumnUsageController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final ColumnUsage columns;

	ColumnUsageController(TableResolver resolver, BusinessDates dates, ColumnUsage columns) {
		this.resolver = resolver;
		this.dates = dates;
		this.columns = columns;
	}

	@GetMapping("/api/v1/tables/{table}/columns")
	@Operation(summary = "Columns read in the range (reads, distinct readers, last read, first seen), the inventory's "
			+ "columns nobody read, and the reads that could not be attributed to a column")
	ColumnUsageReport columns(
			@Parameter(description = TableUsageController.TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = TableUsageController.FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TableUsageController.TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return columns.columns(resolver.resolve(table), dates.range(from, to), new PageRequest(page, size));
	}

}
