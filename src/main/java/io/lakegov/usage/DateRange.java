package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * An inclusive range of business dates. Refuses a range that ends before it starts or spans more
 * than {@value #MAX_DAYS} days (a series or a scan that long is a mistake, not a question).
 *
 * @param from the first day
 * @param to the last day, included
 */
public record DateRange(LocalDate from, LocalDate to) {

	public static final int MAX_DAYS = 3660;

	public DateRange {
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		if (from.isAfter(to)) {
			throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ").");
		}
		if (ChronoUnit.DAYS.between(from, to) + 1 > MAX_DAYS) {
			throw new IllegalArgumentException("The range spans more than " + MAX_DAYS + " days.");
		}
	}

	/** The last {@code days} days up to and including {@code to}. */
	public static DateRange lastDays(LocalDate to, int days) {
		return new DateRange(to.minusDays(days - 1L), to);
	}

	/** The number of days in the range, both ends included. */
	public long days() {
		return ChronoUnit.DAYS.between(from, to) + 1;
	}

	/** The instant the first day starts in the given business zone. */
	public Instant start(ZoneId zone) {
		return from.atStartOfDay(zone).toInstant();
	}

	/** The instant the day after the last day starts in the given business zone. */
	public Instant endExclusive(ZoneId zone) {
		return to.plusDays(1).atStartOfDay(zone).toInstant();
	}

}
