package io.lakegov.reports;

import io.lakegov.history.Sources;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.ApiException;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Who read and wrote one table, and its daily trend. */
@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1/tables/{table}")
@Tag(name = "Table usage", description = "Who read and wrote a table, through which jobs, notebooks and dashboards")
public class TableUsageController {

	static final String TABLE_DOC = "catalog.schema.table, case-insensitive, parts may be quoted in backticks; "
			+ "a one- or two-part name is completed when it matches exactly one known table" + TableRef.PATH_DOC;

	public static final String FROM_DOC = "first business date YYYY-MM-DD, included (default: to minus 29 days)";

	public static final String TO_DOC = "last business date YYYY-MM-DD, included (default: today in the business time zone)";

	static final String INDIRECT_DOC = "true: also the users who read views built on the table (at any depth, on the "
			+ "days each view read it), each row saying DIRECT or VIA with the view paths; false (default): direct reads only";

	private final TableResolver resolver;

	private final BusinessDates dates;

	static final String SOURCE_DOC = "only the statements of this source of query history (its lakegov.sources name; "
			+ "'default' for the single source); omitted: all sources";

	private final TableUsage usage;

	private final SourceFilter sources;

	private final IndirectReaders indirectReaders;

	TableUsageController(TableResolver resolver, BusinessDates dates, TableUsage usage, SourceFilter sources,
			IndirectReaders indirectReaders) {
		this.sources = sources;
		this.resolver = resolver;
		this.dates = dates;
		this.usage = usage;
		this.indirectReaders = indirectReaders;
	}

	@GetMapping("/readers")
	@ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "409", description = "With source, a range that starts on a business day closed by "
			+ "detail retention (lakegov.store.detail-retention): one source's figures come from per-statement detail",
			content = @Content(mediaType = "application/problem+json",
					schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Users who read the table, with their statements, first and last read, query sources and time-travel reads; "
			+ "with indirect=true also those who read it through views")
	TableUsers<TableReader> readers(
			@Parameter(description = TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			@Parameter(description = INDIRECT_DOC) @RequestParam(defaultValue = "false") boolean indirect,
			@Parameter(description = SOURCE_DOC + "; not with indirect=true, whose view readers count all sources", example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		var resolved = resolver.resolve(table);
		var range = dates.range(from, to);
		var request = new PageRequest(page, size);
		String historySource = sources.filter(source);
		if (indirect && historySource != null) {
			throw ApiException.badRequest("'source' and 'indirect=true' do not go together: reads through views count "
					+ "the statements of all sources.");
		}
		return indirect ? indirectReaders.readers(resolved, range, request)
				: usage.readers(resolved, range, request, historySource);
	}

	@GetMapping("/writers")
	@ApiResponse(responseCode = "200", description = "OK", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "409", description = "With source, a range that starts on a business day closed by "
			+ "detail retention (lakegov.store.detail-retention): one source's figures come from per-statement detail",
			content = @Content(mediaType = "application/problem+json",
					schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Users who wrote the table, with their statements, statement kinds and query sources")
	TableUsers<TableWriter> writers(
			@Parameter(description = TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			@Parameter(description = SOURCE_DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		return usage.writers(resolver.resolve(table), dates.range(from, to), new PageRequest(page, size),
				sources.filter(source));
	}

	@GetMapping("/usage")
	@Operation(summary = "Daily series of reads, writes, time-travel reads and distinct users")
	UsageSeries usage(@Parameter(description = TABLE_DOC, example = "main.sales.orders") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to) {
		return usage.series(resolver.resolve(table), dates.range(from, to));
	}

}
