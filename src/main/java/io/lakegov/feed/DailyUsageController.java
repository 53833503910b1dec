package io.lakegov.feed;

import io.lakegov.usage.DateRange;
import io.lakegov.web.ApiException;
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

/** The daily usage of every table at once, paged by an opaque cursor, for catalogs that pull. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Usage feed", description = "Every table's usage per day, for data catalogs")
class DailyUsageController {

	static final String CURSOR_DOC = "the next cursor of the previous page (omitted: the first page); valid with the same "
			+ "from and to only, or with neither (the walk goes on in the cursor's window, also after midnight moved the "
			+ "default one), while ingestion writes too";

	private final FeedWindows windows;

	private final DailyUsage usage;

	DailyUsageController(FeedWindows windows, DailyUsage usage) {
		this.windows = windows;
		this.usage = usage;
	}

	@GetMapping("/api/v1/usage/daily")
	@Operation(operationId = "dailyUsage", summary = "Every table's usage per business day: reads, writes, users, top users, "
			+ "top statement shapes and columns read",
			description = "One entry per (business day, table) with usage in the window, ordered by day and then table, "
					+ "from the rollups. Pages follow each other by the opaque next cursor: a page starts strictly after "
					+ "the last entry of the previous one, so a walk through the window returns each (day, table) at most "
					+ "once while ingestion writes, every entry that existed when it began, and entries that appear "
					+ "later when they sort after the cursor. The last page has next null.")
	DailyUsagePage daily(
			@Parameter(description = FeedWindows.FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date", maxLength = 10, pattern = FeedWindows.DATE_PATTERN)) @RequestParam(required = false) @Nullable @Size(max = 10) String from,
			@Parameter(description = FeedWindows.TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date", maxLength = 10, pattern = FeedWindows.DATE_PATTERN)) @RequestParam(required = false) @Nullable @Size(max = 10) String to,
			@Parameter(description = CURSOR_DOC, schema = @Schema(type = "string", maxLength = FeedCursor.MAX_LENGTH, pattern = FeedCursor.PATTERN)) @RequestParam(required = false) @Nullable @Size(max = FeedCursor.MAX_LENGTH) @Pattern(regexp = "[A-Za-z0-9_-]+", message = "must be a cursor this feed gave out") String cursor,
			@Parameter(description = "entries per page, 1 to " + DailyUsage.MAX_SIZE, schema = @Schema(type = "integer", format = "int32", minimum = "1", maximum = "" + DailyUsage.MAX_SIZE, defaultValue = "" + DailyUsage.DEFAULT_SIZE)) @RequestParam(defaultValue = "" + DailyUsage.DEFAULT_SIZE) @Min(1) @Max(DailyUsage.MAX_SIZE) int size) {
		boolean resumed = cursor != null && !cursor.isEmpty();
		DateRange window = resumed && from == null && to == null ? cursorWindow(cursor) : windows.window(from, to);
		FeedPosition after;
		if (cursor == null || cursor.isEmpty()) {
			after = FeedPosition.before(window.from());
		}
		else {
			try {
				after = FeedCursor.decode(cursor, window);
			}
			catch (IllegalArgumentException refused) {
				throw ApiException.badRequest("The cursor is refused: " + refused.getMessage() + ".");
			}
		}
		DailyUsage.Page page = usage.page(window, after, size);
		return new DailyUsagePage(window.from(), window.to(), size, page.items(),
				page.next() == null ? null : FeedCursor.encode(window, page.next()));
	}

	/** The window of the cursor of a walk that gave neither from nor to, held to the feed's bounds. */
	private DateRange cursorWindow(String cursor) {
		DateRange window;
		try {
			window = FeedCursor.window(cursor);
		}
		catch (IllegalArgumentException refused) {
			throw ApiException.badRequest("The cursor is refused: " + refused.getMessage() + ".");
		}
		return windows.window(window.from().toString(), window.to().toString());
	}

}
