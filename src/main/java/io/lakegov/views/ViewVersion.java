package io.lakegov.views;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Set;

/**
 * What one view read for one validity interval.
 *
 * @param view the view, {@code catalog.schema.view}
 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW
 * @param reads the tables and views its defining query reads
 * @param from when this definition took effect
 * @param to when it stopped (replaced or dropped), null while current
 * @param dropped whether it stopped because the view was dropped (rather than replaced)
 * @param witness where the definition was seen: HISTORY (a statement) or INVENTORY (the source's views)
 * @param definition which statement or inventory text it is, for the columns it reads; null when not told
 */
record ViewVersion(String view, String kind, Set<String> reads, Instant from, Instant to, boolean dropped,
		String witness, ViewDefinition definition) {

	ViewVersion {
		Objects.requireNonNull(view, "view");
		Objects.requireNonNull(from, "from");
		reads = Set.copyOf(reads);
	}

	/**
	 * The business days this definition answers reads of the view on: from the day it took effect; a view
	 * replaced on day D reads the new definition's tables from D on, so the old one ends the day before; a
	 * dropped one ends on the day it was dropped. Null when it answered no whole day (replaced the day it was
	 * made) or does not reach into the window.
	 */
	Days days(ZoneId zone, LocalDate windowFrom, LocalDate windowTo) {
		LocalDate first = from.atZone(zone).toLocalDate();
		LocalDate last = windowTo;
		if (to != null) {
			LocalDate end = to.atZone(zone).toLocalDate();
			last = dropped ? end : end.minusDays(1);
		}
		return Days.of(first.isBefore(windowFrom) ? windowFrom : first, last.isAfter(windowTo) ? windowTo : last);
	}

	/** An inclusive range of business days, never empty. */
	record Days(LocalDate from, LocalDate to) {

		static Days of(LocalDate from, LocalDate to) {
			return from.isAfter(to) ? null : new Days(from, to);
		}

		Days intersect(Days other) {
			return of(from.isAfter(other.from) ? from : other.from, to.isBefore(other.to) ? to : other.to);
		}

	}

}
