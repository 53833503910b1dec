package io.lakegov.web;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

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
		String masked = printable(Secrets.mask(text.toString()));
		return masked.length() > 2000 ? masked.substring(0, 2000) : masked;
	}

	/**
	 * The start of what a receiver answered, for an attempt's record: at most {@code max} bytes read as UTF-8,
	 * control characters (NUL among them, which the store cannot keep) as spaces, secrets masked; null when
	 * nothing is left.
	 */
	public static @Nullable String excerpt(byte[] body, int max) {
		String text = printable(new String(body, 0, Math.min(body.length, max), StandardCharsets.UTF_8)).strip();
		return text.isEmpty() ? null : Secrets.mask(text);
	}

	private static String printable(String text) {
		if (text.chars().noneMatch(Character::isISOControl)) {
			return text;
		}
		StringBuilder printable = new StringBuilder(text.length());
		text.chars().forEach(c -> printable.append(Character.isISOControl(c) ? ' ' : (char) c));
		return printable.toString();
	}

}
