package io.lakegov.retention;

import java.time.Instant;
import java.util.Objects;

/**
 * A read of a table in the lookback that time-travelled, or that failed with an error about history
 * that was no longer available.
 *
 * @param statementId the statement
 * @param table the table read, {@code catalog.schema.table}
 * @param kind {@code VERSION} or {@code TIMESTAMP}; null when the read did not time-travel
 * @param value the version or timestamp reached for (a literal or an expression's text)
 * @param syntax AS_OF, AT_SUFFIX, TABLE_CHANGES, RESTORE or CLONE
 * @param user who ran it
 * @param source the query source, e.g. {@code JOB:1001} or {@code ADHOC}
 * @param start when the statement started
 * @param errorMessage the statement's error message, if it failed
 */
record TravelRead(String statementId, String table, String kind, String value, String syntax, String user,
		String source, Instant start, String errorMessage) {

	TravelRead {
		Objects.requireNonNull(statementId, "statementId");
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(user, "user");
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(start, "start");
	}

	boolean timeTravelled() {
		return kind != null;
	}

	boolean byVersion() {
		return "VERSION".equals(kind);
	}

}
