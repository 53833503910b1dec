package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.Counted;
import io.lakegov.reports.TableUsageController;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.ApiException;
import io.lakegov.web.PageResponse;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
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
import static io.lakegov.reports.TableUsageController.TO_DOC;

/** The most used tables and the most active users, and what one user used. */
@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1")
@Tag(name = "Rankings and users", description = "What is popular, who is active, what one user read and wrote")
class RankingController {

	private final BusinessDates dates;

	private final RankingRepository rankings;

	private final Rankings ranked;

	private final IndirectUsers indirectUsers;

	RankingController(BusinessDates dates, RankingRepository rankings, Rankings ranked, IndirectUsers indirectUsers) {
		this.indirectUsers = indirectUsers;
		this.dates = dates;
		this.rankings = rankings;
		this.ranked = ranked;
	}

	@GetMapping("/rankings/tables")
	@Operation(summary = "Most read tables, by read statements (default), distinct readers, or what their reads cost "
			+ "(duration, bytes read)",
			description = "Computed from the daily rollups and reused until the next ingestion batch commits "
					+ "(lakegov.usage.cache-enabled). users is present only when ranked by users, indirectReads only with "
					+ "indirect=true (ranked by reads or users). durationMs and readBytes: each statement's total_duration_ms "
					+ "and read_bytes split evenly over the tables it read (direct reads only).",
			responses = @ApiResponse(responseCode = "200", description = "OK", content = @Content(
					array = @ArraySchema(schema = @Schema(implementation = TableRank.class), maxItems = PageRequest.MAX_SIZE))))
	List<TableRank> rankTables(
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "rank by read statements, distinct readers, read duration or bytes read", schema = @Schema(allowableValues = { "reads", "users", "duration", "bytes" })) @RequestParam(defaultValue = "reads") @Pattern(regexp = Rankings.TABLES_BY, message = Rankings.TABLES_BY_MESSAGE) String by,
			@Parameter(description = "how many tables, 1 to 1000") @RequestParam(defaultValue = "20") @Min(1) @Max(PageRequest.MAX_SIZE) int limit,
			@Parameter(description = "true: count reads of views built on each table too (indirectReads; by=users: "
					+ "their readers too; only with by=reads or by=users); false (default): direct reads only") @RequestParam(defaultValue = "false") boolean indirect) {
		DateRange range = dates.range(from, to);
		if (!indirect) {
			return ranked.tables(range, by, limit);
		}
		if (!"reads".equals(by) && !"users".equals(by)) {
			throw ApiException.badRequest("indirect=true ranks by reads or users only, not by " + by + ".");
		}
		return ranked.tablesWithIndirect(range, "users".equals(by), limit);
	}

	@GetMapping("/rankings/users")
	@Operation(summary = "Most active users, by table reads and writes (default), or by what their reads cost",
			description = "Computed from the daily rollups and reused until the next ingestion batch commits "
					+ "(lakegov.usage.cache-enabled). indirectReads only with indirect=true (ranked by accesses).",
			responses = @ApiResponse(responseCode = "200", description = "OK", content = @Content(
					array = @ArraySchema(schema = @Schema(implementation = UserRank.class), maxItems = PageRequest.MAX_SIZE))))
	List<UserRank> rankUsers(
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "rank by table accesses, read duration or bytes read", schema = @Schema(allowableValues = { "accesses", "duration", "bytes" })) @RequestParam(defaultValue = "accesses") @Pattern(regexp = Rankings.USERS_BY, message = Rankings.USERS_BY_MESSAGE) String by,
			@Parameter(description = "how many users, 1 to 1000") @RequestParam(defaultValue = "20") @Min(1) @Max(PageRequest.MAX_SIZE) int limit,
			@Parameter(description = "true: count the reads of the tables behind the views each user read too "
					+ "(indirectReads, and tables reached through them in tables; only with by=accesses); false (default): "
					+ "direct reads only") @RequestParam(defaultValue = "false") boolean indirect) {
		DateRange range = dates.range(from, to);
		if (!indirect) {
			return ranked.users(range, by, limit);
		}
		if (!"accesses".equals(by)) {
			throw ApiException.badRequest("indirect=true ranks by accesses only, not by " + by
					+ ": reads of views carry no cost of the tables behind them.");
		}
		return indirectUsers.ranking(range, limit);
	}

	@GetMapping("/users/{user}/tables")
	@Operation(summary = "The tables one user read and wrote, most used first",
			description = "With indirect=true also the tables behind the views the user read: one row per table and "
					+ "access, DIRECT or VIA with the view paths.")
	UserTables userTables(
			@Parameter(description = "the user as in query history (executed_by)", example = "ann@example.com") @PathVariable @Size(min = 1, max = 255) String user,
			@Parameter(description = FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String from,
			@Parameter(description = TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) String to,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			@Parameter(description = "true: also the tables behind the views the user read (at any depth, on the days "
					+ "each view read them), each row saying DIRECT or VIA with the view paths; false (default): direct "
					+ "reads only") @RequestParam(defaultValue = "false") boolean indirect) {
		DateRange range = dates.range(from, to);
		var request = new PageRequest(page, size);
		if (indirect) {
			return indirectUsers.tables(user, range, request);
		}
		var rows = rankings.userTables(user, range, request);
		return new UserTables(user, range.from(), range.to(), PageResponse.of(Counted.rows(rows), request.page(), request.size(), Counted.total(rows),
				() -> rankings.countUserTables(user, range)));
	}

}
