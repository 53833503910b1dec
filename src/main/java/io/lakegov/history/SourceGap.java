package io.lakegov.history;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * Why a read of the source gave nothing, in words a caller can act on.
 *
 * @param kind what went wrong
 * @param reason a sentence for the answer: what could not be read and why; never SQL or credentials
 * @param detail the driver's own words, for the log only (mask it: drivers may quote a URL)
 */
public record SourceGap(Kind kind, String reason, String detail) {

	/** What went wrong. */
	public enum Kind {

		/** The table (or its schema) does not exist, or the principal may not see it. */
		MISSING_TABLE,

		/** The table exists without a column lakegov reads: a source not laid out like Databricks. */
		MISSING_COLUMN,

		/** The principal may not read the table. */
		PERMISSION_DENIED,

		/** No connection could be had: the source is stopped, unreachable or refuses the login. */
		UNREACHABLE,

		/** The source did not answer within the request's bound. */
		TIMED_OUT,

		/** The source refused the statement for another reason. */
		REFUSED

	}

	public SourceGap {
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(reason, "reason");
	}

	/** Whether the whole source is out of reach, so that the request's further reads need not try. */
	public boolean sourceDown() {
		return kind == Kind.UNREACHABLE || kind == Kind.TIMED_OUT;
	}

	/**
	 * Classifies a failed read by its SQLSTATE (PostgreSQL's and the SQL standard's, which Databricks uses
	 * too) and, for drivers that give none, by Databricks' error class in the message.
	 *
	 * @param what what was read, as the reason should name it: {@code "the table inventory
	 * system.information_schema.tables"}
	 */
	static SourceGap of(String what, DataAccessException failure) {
		Throwable cause = failure.getMostSpecificCause();
		String detail = cause.getClass().getSimpleName() + ": " + cause.getMessage();
		String state = sqlState(failure);
		String message = String.valueOf(cause.getMessage()).toUpperCase(Locale.ROOT);
		if (failure instanceof QueryTimeoutException || "57014".equals(state)) {
			return new SourceGap(Kind.TIMED_OUT, "the source did not answer in time for " + what, detail);
		}
		if (state != null && state.startsWith("28")) {
			return new SourceGap(Kind.UNREACHABLE, "the source refused the login of its principal for " + what, detail);
		}
		if (failure instanceof DataAccessResourceFailureException
				|| failure instanceof TransientDataAccessResourceException || state != null && state.startsWith("08")) {
			return new SourceGap(Kind.UNREACHABLE,
					"the source could not be reached (" + cause.getClass().getSimpleName() + ") for " + what, detail);
		}
		if (failure instanceof PermissionDeniedDataAccessException || "42501".equals(state)
				|| message.contains("INSUFFICIENT_PERMISSIONS") || message.contains("PERMISSION_DENIED")) {
			return new SourceGap(Kind.PERMISSION_DENIED, "the source refused its principal permission for " + what,
					detail);
		}
		if ("42703".equals(state) || "42S22".equals(state) || message.contains("UNRESOLVED_COLUMN")) {
			return new SourceGap(Kind.MISSING_COLUMN,
					"the source lacks a column lakegov reads (it is not laid out like Databricks) for " + what, detail);
		}
		if ("42P01".equals(state) || "42S02".equals(state) || "3F000".equals(state)
				|| message.contains("TABLE_OR_VIEW_NOT_FOUND") || message.contains("SCHEMA_NOT_FOUND")) {
			return new SourceGap(Kind.MISSING_TABLE,
					"the source lacks a table, or its principal may not see it, for " + what, detail);
		}
		return new SourceGap(Kind.REFUSED,
				"the source refused " + what + (state == null ? "" : " (SQLSTATE " + state + ")"), detail);
	}

	/** The request's bound passed before the source answered. */
	static SourceGap timedOut(String what, Duration bound) {
		String within = bound.toMillis() % 1000 == 0 ? bound.toSeconds() + "s" : bound.toMillis() + "ms";
		return new SourceGap(Kind.TIMED_OUT, "the source did not answer within " + within
				+ " (lakegov.source.request-timeout) for " + what, "waited " + bound);
	}

	private static String sqlState(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				return sql.getSQLState();
			}
		}
		return null;
	}

}
