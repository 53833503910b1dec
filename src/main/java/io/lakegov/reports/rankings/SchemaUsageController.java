package io.lakegov.reports.rankings;

import io.lakegov.reports.TableUsageController;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.TableRef;
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

import static io.lakegov.reports.TableUsageController.FROM_DOC;
import static io.lakegov.reports.TableUsageController.TO_DOC;

/** What a schema's tables were used for: per-table figures and the schema's totals. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Schema usage", description = "What the tables of a schema were used for, and what their reads cost")
class SchemaUsageController {

	private final BusinessDates dates;

	private final SchemaUsageService schemas;

	SchemaUsageController(BusinessDates dates, SchemaUsageService schemas) {
		this.dates = dates;
		this.schemas = schemas;
	}

	@GetMapping("/api/v1/schemas/{schema}/usage")
	@Operation(summary = "The tables of a schema with their reads, writes, users and read cost, most read first, "
			+ "and the schema's totals")
	SchemaUsage schemaUsage(
			@Parameter(description = "catalog.schema, case-insensitive, parts may be quoted in backticks", example = "main.sales") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String schema,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return schemas.usage(schema, dates.range(from, to), new PageRequest(page, size));
	}

}
