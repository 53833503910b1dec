package io.lakegov.pages.tables;

import java.time.Instant;
import java.util.function.Function;

import io.lakegov.impact.ImpactService;
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

	/**
	 * The reads of the impact report's default days ending with {@code shown}'s last day, when those are longer
	 * than the days shown and {@code look} finds reads in them; null otherwise.
	 */
	static @Nullable WiderLook of(DateRange shown, Function<DateRange, WiderLook> look) {
		DateRange longer = DateRange.lastDays(shown.to(), ImpactService.DEFAULT_LOOKBACK_DAYS);
		if (!longer.from().isBefore(shown.from())) {
			return null;
		}
		WiderLook found = look.apply(longer);
		return found.reads() == 0 ? null : found;
	}

}
