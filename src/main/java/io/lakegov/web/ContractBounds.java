package io.lakegov.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

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

	/**
	 * The instant of a date-time a caller gave, when its year (in UTC) is between 1 and 9999: the years
	 * PostgreSQL stores and the day arithmetic of a window holds.
	 *
	 * @throws ApiException a 400 naming the field otherwise
	 */
	public static Instant instant(OffsetDateTime value, String field) {
		Instant instant = value.toInstant();
		int year = value.atZoneSameInstant(ZoneOffset.UTC).getYear();
		if (year < 1 || year > 9999) {
			throw ApiException.badRequest(field + " must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.");
		}
		return instant;
	}

	/**
	 * A date a caller gave, when its year is between 1 and 9999.
	 *
	 * @throws ApiException a 400 naming the field otherwise
	 */
	public static LocalDate date(LocalDate value, String field) {
		if (value.getYear() < 1 || value.getYear() > 9999) {
			throw ApiException.badRequest(field + " must be a date between 0001-01-01 and 9999-12-31.");
		}
		return value;
	}

}
