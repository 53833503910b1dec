package io.lakegov.impact;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The impact report before renaming or dropping a table. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Impact", description = "What breaks if a table is renamed or dropped")
class ImpactController {

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final ImpactService impact;

	private final ColumnImpactService columns;

	ImpactController(TableResolver resolver, BusinessDates dates, ImpactService impact, ColumnImpactService columns) {
		this.resolver = resolver;
		this.dates = dates;
		this.impact = impact;
		this.columns = columns;
	}

	@GetMapping("/api/v1/tables/{table}/impact")
	@Operation(summary = "Readers, writers, jobs, dashboards, downstream and upstream tables, the views built on it "
			+ "and the readers who reach it only through them, last access, time travel and a verdict (UNUSED, "
			+ "READ_ONLY_BY_ETL, ACTIVE) over the lookback window")
	ImpactReport impact(@Parameter(description = "catalog.schema.table, case-insensitive, backticks allowed; "
			+ "a partial name is completed when it matches exactly one known table" + TableRef.PATH_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = "business days to look back, today included (1 to 3660)", example = "90") @RequestParam(defaultValue = "" + ImpactService.DEFAULT_LOOKBACK_DAYS) @Min(1) @Max(3660) int lookbackDays) {
		return impact.report(resolver.resolve(table), dates.lastDays(lookbackDays));
	}

	@GetMapping("/api/v1/tables/{table}/columns/{column}/impact")
	@Operation(summary = "Before dropping or renaming a column: its readers, writers, sources, views and downstream "
			+ "tables, what may use it without certainty, and a verdict over the lookback window")
	ColumnImpactReport columnImpact(@Parameter(description = "catalog.schema.table, case-insensitive, backticks allowed; "
			+ "a partial name is completed when it matches exactly one known table" + TableRef.PATH_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = "the column: letters, digits and underscores, or quoted in backticks; case-insensitive", example = "amount") @PathVariable @Size(min = 1, max = ColumnName.MAX_TEXT) @Pattern(regexp = ColumnName.PATTERN, message = "must be a column name: letters, digits and _, or quoted in backticks") String column,
			@Parameter(description = "business days to look back, today included (1 to 3660)", example = "90") @RequestParam(defaultValue = "" + ImpactService.DEFAULT_LOOKBACK_DAYS) @Min(1) @Max(3660) int lookbackDays) {
		ColumnName name = ColumnName.parse(column);
		return columns.report(resolver.resolve(table), name, dates.lastDays(lookbackDays));
	}

}
