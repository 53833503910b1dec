package io.lakegov.feed;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * One page of the daily usage feed: every table's used days of the window, ordered by day and then table.
 *
 * @param from the first business day of the window, included
 * @param to the last business day, included
 * @param size the page size asked for
 * @param items the page's (day, table) entries
 * @param next the cursor of the next page, null on the last page
 */
public record DailyUsagePage(@Schema(format = "date", maxLength = 10) LocalDate from,
		@Schema(format = "date", maxLength = 10) LocalDate to,
		@Schema(minimum = "1", maximum = "" + DailyUsage.MAX_SIZE) int size,
		@ArraySchema(maxItems = DailyUsage.MAX_SIZE) List<TableDay> items,
		@Schema(nullable = true, maxLength = FeedCursor.MAX_LENGTH, pattern = FeedCursor.PATTERN) @Nullable String next) {

	public DailyUsagePage {
		items = List.copyOf(items);
	}

}
