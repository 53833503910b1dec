package io.lakegov.ingest.lineage;

import java.time.Instant;
import java.util.List;

import io.lakegov.history.Sources;
import io.lakegov.ingest.SourceParameter;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.PageResponse;
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
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Where the two witnesses of a statement, its text and the engine's lineage, name different tables. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Lineage", description = "The engine's table lineage as a second witness: where it and the parsed text disagree")
class LineageController {

	static final String SOURCE_DOC = "only the statements of this source of query history (its lakegov.sources name; "
			+ "'default' for the single source); omitted: all sources";

	private final LineageDisagreements disagreements;

	private final BusinessDates dates;

	private final SourceParameter sources;

	LineageController(LineageDisagreements disagreements, BusinessDates dates, SourceParameter sources) {
		this.disagreements = disagreements;
		this.dates = dates;
		this.sources = sources;
	}

	/**
	 * A table one witness saw a statement read or write.
	 *
	 * @param table the full name
	 * @param role READ or WRITE
	 */
	record TableSeen(String table, String role) {

		static List<TableSeen> of(List<String> seen) {
			return seen.stream().map(entry -> {
				int space = entry.indexOf(' ');
				return new TableSeen(entry.substring(space + 1), entry.substring(0, space));
			}).toList();
		}

	}

	/**
	 * A statement whose parsed text and engine lineage name different tables.
	 *
	 * @param source the source of query history (and lineage) the statement was read from
	 * @param statementId the statement of the query history (unique within its source)
	 * @param eventTime when it started
	 * @param user who ran it
	 * @param parsed every table its text reads or writes
	 * @param lineage every table the engine's lineage recorded for it
	 * @param parsedOnly tables only the text names (the lineage missed them, or the analyser saw too much)
	 * @param lineageOnly tables only the lineage names (the analyser missed them)
	 */
	record Disagreement(String source, String statementId, Instant eventTime, String user, List<TableSeen> parsed,
			List<TableSeen> lineage, List<TableSeen> parsedOnly, List<TableSeen> lineageOnly) {

		static Disagreement of(LineageDisagreements.Listed listed) {
			LineageDisagreements.Disagreement stored = listed.disagreement();
			List<TableSeen> parsed = TableSeen.of(stored.parsed());
			List<TableSeen> lineage = TableSeen.of(stored.lineage());
			return new Disagreement(listed.source(), stored.statementId(), stored.eventTime(), stored.user(), parsed, lineage,
					parsed.stream().filter(seen -> !lineage.contains(seen)).toList(),
					lineage.stream().filter(seen -> !parsed.contains(seen)).toList());
		}

	}

	@GetMapping("/api/v1/lineage/disagreements")
	@Operation(summary = "Statements whose parsed text and engine lineage name different tables, newest first",
			description = "Only statements both witnesses saw. The facts keep both sides: each fact's witness says "
					+ "PARSED, ENGINE_LINEAGE or BOTH.")
	PageResponse<Disagreement> disagreements(
			@Parameter(description = "first business day of the statements' start, default 29 days before to", example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = "last business day, included, default today", example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			@Parameter(description = SOURCE_DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		String historySource = sources.filter(source);
		DateRange range = dates.range(from, to);
		Instant start = range.start(dates.zone());
		Instant end = range.endExclusive(dates.zone());
		List<Disagreement> items = disagreements.page(historySource, start, end, page, size).stream().map(Disagreement::of).toList();
		return PageResponse.of(items, page, size, disagreements.count(historySource, start, end));
	}

}
