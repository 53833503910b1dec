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
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static io.lakegov.reports.TableUsageController.FROM_DOC;
import static io.lakegov.reports.TableUsageController.TABLE_DOC;
import static io.lakegov.reports.TableUsageController.TO_DOC;

/** The statements behind a table's figures, and the tables read with it. */
@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1/tables/{table}")
@Tag(name = "Table queries", description = "The statements behind a table's figures and the tables read with it")
class TableQueriesController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final TableQueryService service;

	TableQueriesController(TableResolver resolver, BusinessDates dates, TableQueryService service) {
		this.resolver = resolver;
		this.dates = dates;
		this.service = service;
	}

	@GetMapping("/queries")
	@Operation(summary = "Statements that read or wrote the table, grouped by fingerprint, with runs, users, sources, "
			+ "duration (total and p95), bytes read and one redacted example",
			description = "Counts, users, sources, first and last run, total duration and bytes read are exact; "
					+ "the p95 duration is approximate (within 4.5 % plus 0.5 ms), read from a per-day duration sketch.")
	TableQueries queries(@Parameter(description = TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "order: most statements (default), most total duration, most bytes read, latest run",
					schema = @Schema(allowableValues = { "statements", "duration", "bytes", "lastRun" })) @RequestParam(defaultValue = "statements") String sort,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		QuerySort order = QuerySort.parse(sort);
		return service.queries(resolver.resolve(table), dates.range(from, to), order, new PageRequest(page, size));
	}

	@GetMapping("/related")
	@Operation(summary = "Tables read in the same statements as this one (joined, in subqueries, unions), "
			+ "most statements first")
	RelatedTables related(@Parameter(description = TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return service.related(resolver.resolve(table), dates.range(from, to), new PageRequest(page, size));
	}

}
