package io.lakegov.reports;

import java.time.LocalDate;
import java.util.Optional;

import io.lakegov.history.Sources;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableRef;
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
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static io.lakegov.reports.TableUsageController.FROM_DOC;
import static io.lakegov.reports.TableUsageController.TABLE_DOC;
import static io.lakegov.reports.TableUsageController.TO_DOC;

/** The statements behind the usage figures, with redacted text; raw text for admins only. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Statements", description = "Query history rows behind the usage figures, text redacted (raw for admins)")
class StatementsController {

	static final String ANALYSIS_STATUS_PATTERN = "^(ANALYZED|PARTIAL|UNANALYZABLE|REDACTED|EMPTY|OWN_STATEMENT)$";

	static final int ANALYSIS_STATUS_LENGTH = 13;

	private final TableResolver resolver;

	private final BusinessDates dates;

	private final TableQueryService statements;

	private final SourceFilter sources;

	private final DetailHorizon horizon;

	StatementsController(TableResolver resolver, BusinessDates dates, TableQueryService statements,
			SourceFilter sources, DetailHorizon horizon) {
		this.horizon = horizon;
		this.sources = sources;
		this.resolver = resolver;
		this.dates = dates;
		this.statements = statements;
	}

	@GetMapping("/api/v1/statements")
	@Operation(summary = "Statements that started in the range, newest first, optionally of one table and/or one user, "
			+ "with redacted text, source, status and duration",
			description = "Admins also get the raw text (sql) while the store keeps it (lakegov.history.keep-raw-text); "
					+ "everyone else gets null there. Under detail retention (lakegov.store.detail-retention), a range that "
					+ "starts on a closed business day lists the statements from the first open day on and names it "
					+ "(closedBefore): the earlier ones are in the lakehouse archive.")
	StatementPage statements(
			@Parameter(description = "only statements that read or wrote this table: " + TABLE_DOC, example = "main.sales.orders") @RequestParam(required = false) @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) @Nullable String table,
			@Parameter(description = "only statements run by this user (executed_by)", example = "ann@example.com") @RequestParam(required = false) @Size(max = 255) @Nullable String user,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			@Parameter(description = TableUsageController.SOURCE_DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source,
			@Parameter(description = "only statements of this analysis status: UNANALYZABLE and PARTIAL (the analyser did "
					+ "not understand all of the text: see analysisReason), ANALYZED, REDACTED and EMPTY (masked or empty "
					+ "texts), OWN_STATEMENT", example = "UNANALYZABLE",
					schema = @Schema(type = "string", maxLength = ANALYSIS_STATUS_LENGTH, allowableValues = { "ANALYZED",
							"PARTIAL", "UNANALYZABLE", "REDACTED", "EMPTY", "OWN_STATEMENT" })) @RequestParam(required = false) @Size(max = ANALYSIS_STATUS_LENGTH) @Pattern(regexp = ANALYSIS_STATUS_PATTERN, message = "analysisStatus must be one of ANALYZED, PARTIAL, UNANALYZABLE, REDACTED, EMPTY, OWN_STATEMENT.") @Nullable String analysisStatus) {
		String historySource = sources.filter(source);
		DateRange range = dates.range(from, to);
		ResolvedTable resolved = table == null || table.isBlank() ? null : resolver.resolve(table);
		String userName = user == null || user.isBlank() ? null : user;
		String status = analysisStatus == null || analysisStatus.isBlank() ? null : analysisStatus;
		PageRequest request = new PageRequest(page, size);
		Optional<LocalDate> closedBefore = horizon.closedBefore().filter(day -> range.from().isBefore(day));
		if (closedBefore.isEmpty()) {
			return StatementPage.of(statements.statements(resolved, userName, historySource, status, range, request),
					null);
		}
		PageResponse<StatementEntry> open = DetailHorizon.open(range, closedBefore)
			.map(detailed -> statements.statements(resolved, userName, historySource, status, detailed, request))
			.orElseGet(() -> PageResponse.empty(page, size));
		return StatementPage.of(open, closedBefore.get());
	}

}
