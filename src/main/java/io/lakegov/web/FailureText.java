package io.lakegov.web;

import org.springframework.transaction.TransactionSystemException;

/** A failure in words for run records, statuses and health details: messages, never stack traces. */
public final class FailureText {

	private FailureText() {
	}

	/**
	 * The failure in words for the run record: the exception chain's messages, never a stack trace. When a
	 * rollback failed too (the store went away mid-batch), the failure that caused the rollback comes first.
	 */
	public static String describe(Throwable failure) {
		for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
			if (cause instanceof TransactionSystemException rollback && rollback.getApplicationException() != null) {
				return describe(rollback.getApplicationException());
			}
		}
		StringBuilder text = new StringBuilder();
		for (Throwable cause = failure; cause != null && text.length() < 2000; cause = cause.getCause()) {
			if (!text.isEmpty()) {
				text.append(": ");
			}
			text.append(cause.getClass().getSimpleName());
			if (cause.getMessage() != null) {
				text.append(' ').append(cause.getMessage());
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		String masked = Secrets.mask(text.toString());
		return masked.length() > 2000 ? masked.substring(0, 2000) : masked;
	}

}
