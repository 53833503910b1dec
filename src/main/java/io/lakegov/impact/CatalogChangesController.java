package io.lakegov.impact;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
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

/** What the lakehouse's list of tables gained and lost: the tables that appeared, vanished or were renamed. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Impact", description = "What breaks if a table is renamed or dropped")
class CatalogChangesController {

	static final String CHANGE_PATTERN = "^(APPEARED|VANISHED|RENAMED)$";

	private final CatalogChangeLog changes;

	private final BusinessDates dates;

	CatalogChangesController(CatalogChangeLog changes, BusinessDates dates) {
		this.changes = changes;
		this.dates = dates;
	}

	@GetMapping("/api/v1/catalog/changes")
	@Operation(summary = "Tables that appeared in, vanished from or were renamed in the lakehouse's inventory, newest first",
			description = "From the scheduled inventory syncs (lakegov.catalog.cron): a change is dated by the sync that "
					+ "saw it. A table renamed at the same storage path is RENAMED with its old name; one that no sync "
					+ "lists any more is VANISHED (dropped, or moved where lakegov could not follow it). The first sync "
					+ "lists what there is and is no change.")
	CatalogChangeLog.ChangePage catalogChanges(
			@Parameter(description = "first business date YYYY-MM-DD, included (default: to minus 29 days)", example = "2026-03-01", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) @Nullable String from,
			@Parameter(description = "last business date YYYY-MM-DD, included (default: today in the business time zone)", example = "2026-03-30", schema = @Schema(type = "string", format = "date")) @RequestParam(required = false) @Size(max = BusinessDates.DATE_LENGTH) @Pattern(regexp = BusinessDates.DATE_PATTERN, message = BusinessDates.DATE_MESSAGE) @Nullable String to,
			@Parameter(description = "only changes of this kind", example = "VANISHED", schema = @Schema(type = "string", maxLength = 9, allowableValues = { "APPEARED", "VANISHED", "RENAMED" })) @RequestParam(required = false) @Size(max = 9) @Pattern(regexp = CHANGE_PATTERN, message = "change must be APPEARED, VANISHED or RENAMED.") @Nullable String change,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return changes.changes(dates.range(from, to), change, new PageRequest(page, size));
	}

}
