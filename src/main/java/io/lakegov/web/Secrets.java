package io.lakegov.web;

import java.util.regex.Pattern;

/**
 * Masks secrets in text bound for logs, records and answers: values of password, token and secret settings as
 * JDBC URLs and drivers write them ({@code PWD=...}, {@code password=...}), and Databricks tokens. The one
 * masker of the service: the URL a source shows is masked by it too.
 */
public final class Secrets {

	/** A setting whose name ends in one of the words (so {@code OAuth2Secret} and {@code Auth_AccessToken} too). */
	private static final Pattern SETTING = Pattern.compile(
			"(?i)\\b([\\w-]*?(?:pwd|password|passwd|token|secret|apikey|api-key))"
					+ "(\\s*[=:]\\s*)([^;&\\s,)\"']+)");

	private static final Pattern DATABRICKS_TOKEN = Pattern.compile("\\bdapi[0-9a-fA-F]{16,}(-\\d+)?\\b");

	private static final String MASK = "******";

	private Secrets() {
	}

	public static String mask(String text) {
		if (text == null) {
			return null;
		}
		String masked = SETTING.matcher(text).replaceAll("$1$2" + MASK);
		return DATABRICKS_TOKEN.matcher(masked).replaceAll(MASK);
	}

	/**
	 * A copy of the failure and its causes with masked messages and the same stack traces, for logging
	 * with its stack trace.
	 */
	public static Throwable masked(Throwable failure) {
		if (failure == null) {
			return null;
		}
		Throwable cause = failure.getCause() == failure ? null : masked(failure.getCause());
		var copy = new MaskedFailure(failure.getClass().getName() + ": " + mask(failure.getMessage()), cause);
		copy.setStackTrace(failure.getStackTrace());
		return copy;
	}

	/** Stands in for a failure whose message may have held a secret. */
	static final class MaskedFailure extends RuntimeException {

		MaskedFailure(String message, Throwable cause) {
			super(message, cause);
		}

		@Override
		public String toString() {
			return getMessage();
		}

	}

}
