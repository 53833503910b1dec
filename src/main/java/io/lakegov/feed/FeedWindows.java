package io.lakegov.feed;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.web.ApiException;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The window a caller of a feed asked for: business dates YYYY-MM-DD, {@code to} not before {@code from}, at most
 * {@value DailyUsage#MAX_DAYS} days (a year, leap or not); defaults as everywhere else (the last 30 days up to
 * today). Anything else answers 400 with problem details.
 */
@Component
public class FeedWindows {

	public static final String FROM_DOC = "first business date YYYY-MM-DD, included (default: to minus 29 days)";

	public static final String TO_DOC = "last business date YYYY-MM-DD, included, at most " + DailyUsage.MAX_DAYS
			+ " days after from (default: today in the business time zone)";

	/** What a date parameter looks like. */
	public static final String DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

	private final BusinessDates dates;

	FeedWindows(BusinessDates dates) {
		this.dates = dates;
	}

	public DateRange window(@Nullable String from, @Nullable String to) {
		DateRange window = dates.range(from, to);
		if (window.days() > DailyUsage.MAX_DAYS) {
			throw ApiException.badRequest("The window from " + window.from() + " to " + window.to() + " spans "
					+ window.days() + " days; a feed window spans at most " + DailyUsage.MAX_DAYS + " days.");
		}
		return window;
	}

}
