package io.lakegov.history;

import java.util.Objects;

/**
 * What one read of the source on behalf of an HTTP request gave: the value, or the gap and why. A source
 * that lacks a table or a column, refuses its principal, or does not answer in time is an outcome the
 * answer reports, not a failure of the request.
 *
 * @param <T> the value read
 */
public sealed interface SourceAnswer<T> {

	/** The value read, or {@code other} when the source gave none. */
	T orElse(T other);

	/** The source answered. */
	record Answered<T>(T value) implements SourceAnswer<T> {

		@Override
		public T orElse(T other) {
			return value;
		}

	}

	/** The source gave no answer; the gap says why. */
	record Unanswered<T>(SourceGap gap) implements SourceAnswer<T> {

		public Unanswered {
			Objects.requireNonNull(gap, "gap");
		}

		@Override
		public T orElse(T other) {
			return other;
		}

	}

}
