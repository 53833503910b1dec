package io.lakegov.archive.delta;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Values as Spark SQL literals, for the rows a MERGE carries in its {@code VALUES}: the Databricks driver
 * caps bind parameters far below a batch's values, so they are written into the statement. No text reaches
 * the statement as SQL: a string of plain characters is quoted as it is, any other string travels as base64
 * ({@code unbase64} of letters, digits, {@code +/=}), which cannot close a quote or start an escape whatever
 * the warehouse's string-literal settings; numbers, dates and times are printed from Java values.
 */
public final class SparkLiterals {

	/**
	 * Characters a quoted literal may hold as they are: no quote, no backslash, nothing outside ASCII, and no
	 * {@code $}, braces, {@code ?} or {@code ;}, which variable substitution, parameter markers and statement
	 * splitting might see even inside quotes.
	 */
	private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9 _.,:@/#+=()<>*!%&|-]*");

	private SparkLiterals() {
	}

	/** A literal for a value of one of the archive's column types (null, text, number, boolean, time, date, list). */
	public static String of(Object value) {
		if (value == null) {
			return "NULL";
		}
		if (value instanceof String text) {
			return text(text);
		}
		if (value instanceof Long || value instanceof Integer || value instanceof Short) {
			return value.toString();
		}
		if (value instanceof Boolean bool) {
			return bool ? "TRUE" : "FALSE";
		}
		if (value instanceof Instant instant) {
			return "timestamp_micros(" + ChronoUnit.MICROS.between(Instant.EPOCH, instant) + ")";
		}
		if (value instanceof LocalDate date) {
			return "DATE'" + date + "'";
		}
		if (value instanceof Collection<?> items) {
			return items.isEmpty() ? "array()" : "array(" + String.join(", ", items.stream().map(SparkLiterals::of).toList()) + ")";
		}
		throw new IllegalArgumentException("no Spark literal for " + value.getClass().getName());
	}

	/** A string literal: quoted when plain, base64 otherwise. */
	public static String text(String text) {
		if (text.length() <= 1000 && PLAIN.matcher(text).matches()) {
			return "'" + text + "'";
		}
		return "CAST(unbase64('" + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8))
				+ "') AS STRING)";
	}

	/**
	 * A quoted literal of plain text, where only a literal will do ({@code COMMENT}); refuses any other text.
	 */
	public static String plain(String text) {
		if (!PLAIN.matcher(text).matches()) {
			throw new IllegalArgumentException("not plain text: " + text);
		}
		return "'" + text + "'";
	}

	/** The literals of the values, separated by commas. */
	public static String list(Collection<?> values) {
		return String.join(", ", values.stream().map(SparkLiterals::of).toList());
	}

	/** A tuple of literals, for a {@code VALUES} row. */
	public static String tuple(List<?> values) {
		return "(" + list(values) + ")";
	}

}
