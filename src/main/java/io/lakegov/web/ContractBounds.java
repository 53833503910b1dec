package io.lakegov.web;

/**
 * Bounds the OpenAPI contract declares for values every module writes alike, so that a parameter, a body
 * field and an answer say the same about a date or a date-time.
 */
public final class ContractBounds {

	/** A date as lakegov reads and writes it, YYYY-MM-DD; a regular expression Java and ECMAScript read alike. */
	public static final String DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

	/** The length of a {@link #DATE_PATTERN} date. */
	public static final int DATE_LENGTH = 10;

	/** The longest ISO 8601 date-time Java reads or writes: {@code +999999999-12-31T23:59:59.999999999+18:00:00}. */
	public static final int DATE_TIME_LENGTH = 44;

	/**
	 * A statement's fingerprint: the analyser's 64-bit hash of its shape in 16 hex digits, or empty where the
	 * analyser gave none.
	 */
	public static final String FINGERPRINT_PATTERN = "^(?:[0-9a-f]{16})?$";

	/** The length of a {@link #FINGERPRINT_PATTERN} fingerprint. */
	public static final int FINGERPRINT_LENGTH = 16;

	private ContractBounds() {
	}

}
