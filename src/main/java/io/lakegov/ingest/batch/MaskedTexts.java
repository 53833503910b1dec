package io.lakegov.ingest.batch;

import java.util.Locale;

/**
 * Statement texts the source withheld: Databricks shows {@code <REDACTED>} (also seen as
 * {@code <Redacted>}) to principals that are neither account admins nor members of the account group
 * {@code databricks_pii_access}, and an empty text under customer-managed keys. Usage cannot be read
 * from them, so their share is reported with what to do about it.
 */
public final class MaskedTexts {

	static final String REDACTED_TEXT = "<REDACTED>";

	static final String GROUP = "databricks_pii_access";

	private MaskedTexts() {
	}

	static boolean isRedacted(String text) {
		return text != null && REDACTED_TEXT.equalsIgnoreCase(text.strip());
	}

	/** Redacted or empty: nothing to analyse. */
	public static boolean isMasked(String text) {
		return text == null || text.isBlank() || isRedacted(text);
	}

	/** The share of masked rows among those read, null when none were read. */
	public static Double share(long masked, long read) {
		return read <= 0 ? null : (double) masked / read;
	}

	/** What to do when the share passes the threshold; null below it. */
	public static String advice(Double share, double threshold) {
		if (share == null || share <= threshold) {
			return null;
		}
		return String.format(Locale.ROOT,
				"%.0f%% of the statement texts read by the last run were masked or empty, so their usage is unknown. "
						+ "Databricks shows statement texts only to account admins and members of the account group %s: "
						+ "add the principal lakegov reads the source as to that group in the account console "
						+ "(User management > Groups), then re-read the window with a backfill.",
				share * 100, GROUP);
	}

}
