package io.lakegov.store;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.function.Function;

/**
 * The range of times of a batch of rows, for asking the store which of them it holds by that range rather
 * than row by row: a window is stored in the order it is read, so the rows of a range lie on a few adjacent
 * pages of a table, where a look-up by key reads a page of its own for each row (a disk read each once the
 * store is larger than memory). The caller asks by key instead when the range holds many more stored rows
 * than it asks about ({@link #limit}).
 *
 * @param first the earliest time, less the rounding of a time finer than the store's microseconds
 * @param last the latest time, plus that rounding
 * @param limit how many stored rows a look-up of the range reads at most before its caller asks by key
 */
public record TimeRange(Timestamp first, Timestamp last, int limit) {

	private static final Duration ROUNDING = Duration.ofMillis(1);

	private static final int STORED_ROWS_PER_ROW = 4;

	/** The range of the rows' times; there must be rows. */
	public static <T> TimeRange of(Collection<T> rows, Function<T, Instant> time) {
		Instant first = null;
		Instant last = null;
		for (T row : rows) {
			Instant at = time.apply(row);
			first = first == null || at.isBefore(first) ? at : first;
			last = last == null || at.isAfter(last) ? at : last;
		}
		if (first == null) {
			throw new IllegalArgumentException("no rows");
		}
		return new TimeRange(Timestamp.from(first.minus(ROUNDING)), Timestamp.from(last.plus(ROUNDING)),
				rows.size() * STORED_ROWS_PER_ROW);
	}

	/** Whether a look-up of the range that read this many rows (it asks for one more than the limit) read all. */
	public boolean whole(int read) {
		return read <= limit;
	}

}
