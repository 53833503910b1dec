package io.lakegov.impact;

import java.util.Locale;

import io.lakegov.web.ApiException;

/**
 * A column name from a request: a plain name ({@code order_id}) or one quoted in backticks (a backtick
 * inside written twice), compared in lower case as Databricks does. Anything else is refused.
 */
public record ColumnName(String name) {

	static final int MAX_LENGTH = 255;

	/** The longest text {@link #parse} accepts: a name of {@value #MAX_LENGTH} characters in backticks. */
	static final int MAX_TEXT = MAX_LENGTH + 2;

	/** What {@link #parse} accepts, as a regular expression that Java and ECMAScript read alike. */
	static final String PATTERN = "^(?:[A-Za-z_][A-Za-z0-9_]*|`(?:[^`\\x00-\\x1f\\x7f-\\x9f]|``)+`)$";

	public static ColumnName parse(String raw) {
		if (raw == null || raw.isEmpty() || raw.length() > MAX_TEXT) {
			throw ApiException.badRequest("A column name of 1 to " + MAX_LENGTH + " characters is required.");
		}
		if (raw.matches("[A-Za-z_][A-Za-z0-9_]*")) {
			return new ColumnName(raw.toLowerCase(Locale.ROOT));
		}
		if (raw.length() >= 3 && raw.startsWith("`") && raw.endsWith("`")) {
			String inner = raw.substring(1, raw.length() - 1);
			if (!inner.replace("``", "").contains("`") && inner.chars().noneMatch(Character::isISOControl)) {
				return new ColumnName(inner.replace("``", "`").toLowerCase(Locale.ROOT));
			}
		}
		throw ApiException.badRequest("'" + printable(raw) + "' is not a column name: use letters, digits and "
				+ "underscores, or quote it in backticks.");
	}

	/** A stored column name as a caller writes it so that {@link #parse} gives it back. */
	public static String written(String name) {
		return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : "`" + name.replace("`", "``") + "`";
	}

	private static String printable(String raw) {
		String cut = raw.length() > 64 ? raw.substring(0, 64) + "..." : raw;
		return cut.codePoints()
			.map(c -> Character.isISOControl(c) ? '?' : c)
			.collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
			.toString();
	}

}
