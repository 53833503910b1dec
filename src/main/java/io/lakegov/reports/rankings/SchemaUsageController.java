package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.TableUsageController;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.TableRef;
import io.lakegov.web.ApiException;
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

import static io.lakegov.reports.TableUsageController.FROM_DOC;
import static io.lakegov.reports.TableUsageController.TO_DOC;

/** What a schema's tables were used for: per-table figures and the schema's totals. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Schema usage", description = "What the tables of a schema were used for, and what their reads cost")
class SchemaUsageController {

	private final BusinessDates dates;

	private final SchemaUsageRepository repository;

	private final GenerationCache cache;

	SchemaUsageController(BusinessDates dates, SchemaUsageRepository repository, GenerationCache cache) {
		this.dates = dates;
		this.repository = repository;
		this.cache = cache;
	}

	@GetMapping("/api/v1/schemas/{schema}/usage")
	@Operation(summary = "The tables of a schema with their reads, writes, users and read cost, most read first, "
			+ "and the schema's totals")
	SchemaUsage schemaUsage(
			@Parameter(description = "catalog.schema, case-insensitive, parts may be quoted in backticks", example = "main.sales") @PathVariable String schema,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		String name = schemaName(schema);
		DateRange range = dates.range(from, to);
		var request = new PageRequest(page, size);
		return cache.get(List.of("schema", name, range, request), () -> {
			var rows = repository.tables(name, range, request);
			SchemaTotals totals = rows.isEmpty() ? repository.totals(name, range) : rows.get(0).totals();
			var tables = rows.stream().map(SchemaUsageRepository.Row::table).toList();
			return new SchemaUsage(name, totals.tables() > 0, range.from(), range.to(), totals,
					PageResponse.of(tables, request.page(), request.size(), totals.tables()));
		}, answer -> 1 + answer.tables().items().size());
	}

	/** {@code catalog.schema}: exactly two name parts, as table names are written. */
	static String schemaName(String raw) {
		TableRef ref;
		try {
			ref = TableRef.parse(raw);
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage().replace("table name", "schema name")
				.replace("catalog.schema.table", "catalog.schema"));
		}
		if (ref.parts().size() != 2) {
			throw ApiException.badRequest("A schema name has two parts: catalog.schema.");
		}
		return ref.name();
	}

}
