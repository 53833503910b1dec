package io.lakegov.feed;

import java.time.LocalDate;
import java.util.Objects;

/**
 * Where a walk through the feed stands: after this table on this day, in (day, table) order.
 *
 * @param date the business day of the last entry read
 * @param table the table of the last entry read
 */
public record FeedPosition(LocalDate date, String table) {

	public FeedPosition {
		Objects.requireNonNull(date, "date");
		Objects.requireNonNull(table, "table");
	}

	/** Before the first table of the given day. */
	public static FeedPosition before(LocalDate date) {
		return new FeedPosition(date, "");
	}

}
