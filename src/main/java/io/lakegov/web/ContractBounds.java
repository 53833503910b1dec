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

	private ContractBounds() {
	}

}
