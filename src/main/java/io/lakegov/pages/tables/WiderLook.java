package io.lakegov.pages.tables;

import java.time.Instant;
import java.util.Optional;

import io.lakegov.usage.DateRange;
import org.jspecify.annotations.Nullable;

/**
 * The reads of the longer look back an impact report takes by default, when the days a page shows saw none:
 * a verdict of a week or a month must not hide the reads of the quarter before a drop.
 *
 * @param range the longer days, up to the last day shown
 * @param reads statements that read the table or column in them (for a table, directly or through views)
 * @param lastRead the latest read ever recorded, when known
 */
record WiderLook(DateRange range, long reads, @Nullable Instant lastRead) {

	/** Business days the impact API looks back by default. */
	static final int IMPACT_DAYS = 90;

	/** The longer days ending with {@code shown}'s last day; empty when they are not longer. */
	static Optional<DateRange> of(DateRange shown) {
		DateRange longer = DateRange.lastDays(shown.to(), IMPACT_DAYS);
		return longer.from().isBefore(shown.from()) ? Optional.of(longer) : Optional.empty();
	}

}
