package io.lakegov.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.lakegov.sql.TableName;

/**
 * A table name as a caller writes it: {@code catalog.schema.table}, or a partial name of one or two
 * parts, each part a plain identifier or a backtick-quoted one (a doubled backtick stands for one).
 * Parts are compared case-insensitively, so they are kept in lower case. Anything else (spaces,
 * quotes, semicolons, comments) is refused where the value is built.
 *
 * @param parts one to three name parts, unquoted and in lower case
 */
public record TableRef(List<String> parts) {

	static final int MAX_PART_LENGTH = 255;

	/** The longest text {@link #parse} can accept: three parts, each quoted with every character doubled. */
	public static final int MAX_TEXT = 3 * (2 + 2 * MAX_PART_LENGTH) + 2;

	/** What {@link #parse} accepts, as a regular expression that Java and ECMAScript read alike. */
	public static final String PATTERN = "^(?:[A-Za-z0-9_]+|`(?:[^`\\x00-\\x1f\\x7f-\\x9f]|``)+`)"
			+ "(?:\\.(?:[A-Za-z0-9_]+|`(?:[^`\\x00-\\x1f\\x7f-\\x9f]|``)+`)){0,2}$";

	/** How the API's documentation names a table read by its storage path, after the usual form. */
	public static final String PATH_DOC = "; a table read by its storage path is format.`path` "
			+ "(delta.`s3://bucket/key`), its slashes encoded as %2F in a path segment";

	/** The message of a name that does not match {@link #PATTERN}. */
	public static final String PATTERN_MESSAGE = "must be catalog.schema.table, each part letters, digits and _ "
			+ "or quoted in backticks";

	public TableRef {
		parts = List.copyOf(parts);
		if (parts.isEmpty() || parts.size() > 3) {
			throw new IllegalArgumentException("A table name has one to three parts (catalog.schema.table).");
		}
		for (String part : parts) {
			if (part.isEmpty() || part.length() > MAX_PART_LENGTH) {
				throw new IllegalArgumentException(
						"Each part of a table name must have 1 to " + MAX_PART_LENGTH + " characters.");
			}
			if (part.chars().anyMatch(Character::isISOControl)) {
				throw new IllegalArgumentException("A table name must not contain control characters.");
			}
		}
		parts = parts.stream().map(part -> part.toLowerCase(Locale.ROOT)).toList();
	}

	/** Parses {@code catalog.schema.table}, {@code schema.table} or {@code table}, backticks allowed. */
	public static TableRef parse(String text) {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("The table name is empty.");
		}
		List<String> parts = new ArrayList<>(3);
		int i = 0;
		while (true) {
			var part = new StringBuilder();
			if (i < text.length() && text.charAt(i) == '`') {
				i = readQuoted(text, i + 1, part);
			}
			else {
				while (i < text.length() && isIdentifierChar(text.charAt(i))) {
					part.append(text.charAt(i++));
				}
				if (part.isEmpty()) {
					throw notAName(text);
				}
			}
			parts.add(part.toString());
			if (i == text.length()) {
				break;
			}
			if (text.charAt(i) != '.' || parts.size() == 3) {
				throw notAName(text);
			}
			i++;
		}
		return new TableRef(parts);
	}

	private static int readQuoted(String text, int start, StringBuilder part) {
		int i = start;
		while (i < text.length()) {
			char c = text.charAt(i);
			if (c == '`') {
				if (i + 1 < text.length() && text.charAt(i + 1) == '`') {
					part.append('`');
					i += 2;
					continue;
				}
				if (part.isEmpty()) {
					throw notAName(text);
				}
				return i + 1;
			}
			part.append(c);
			i++;
		}
		throw notAName(text);
	}

	private static boolean isIdentifierChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
	}

	private static IllegalArgumentException notAName(String text) {
		String shown = text.length() > 80 ? text.substring(0, 80) + "..." : text;
		return new IllegalArgumentException("'" + shown
				+ "' is not a table name: use catalog.schema.table, each part an identifier (letters, digits, _) or quoted in backticks.");
	}

	/**
	 * Whether a stored name has a catalog, a schema and a table, none empty, as the analyser names a table it
	 * completed: what a catalog (Unity Catalog, DataHub, an OpenLineage consumer) can join.
	 */
	public static boolean qualified(String name) {
		int first = name.indexOf('.');
		int second = first < 0 ? -1 : name.indexOf('.', first + 1);
		return first > 0 && second > first + 1 && second < name.length() - 1;
	}

	/**
	 * A stored name as Unity Catalog names it, lower case: a table of {@code spark_catalog}, Spark's name for the
	 * session catalog, which on Databricks is the workspace's Hive metastore, is {@code hive_metastore}'s.
	 */
	public static String unityCatalogName(String name) {
		String lower = name.toLowerCase(Locale.ROOT);
		return lower.startsWith(SESSION_CATALOG) ? HIVE_METASTORE + lower.substring(SESSION_CATALOG.length()) : lower;
	}

	private static final String SESSION_CATALOG = "spark_catalog.";

	private static final String HIVE_METASTORE = "hive_metastore.";

	/** Whether a stored name is that of a table read by its storage path ({@code delta.s3://bucket/key}). */
	public static boolean isPath(String name) {
		return TableName.isPath(name);
	}

	/**
	 * A stored name (a table's, or a schema's {@code catalog.schema}) as a caller writes it so that {@link #parse}
	 * gives it back: each part that is not plain in backticks, a backtick inside written twice. A path table
	 * ({@code delta.s3://bucket/key}) has its format and its path as the two parts.
	 */
	public static String written(String name) {
		int dot = name.indexOf('.');
		List<String> parts;
		if (isPath(name)) {
			parts = List.of(name.substring(0, dot), name.substring(dot + 1));
		}
		else {
			parts = List.of(name.split("\\.", -1));
		}
		return parts.stream().map(TableRef::writtenPart).collect(Collectors.joining("."));
	}

	private static String writtenPart(String part) {
		return !part.isEmpty() && part.chars().allMatch(c -> isIdentifierChar((char) c)) ? part
				: "`" + part.replace("`", "``") + "`";
	}

	/** Whether all three parts are given. */
	public boolean complete() {
		return parts.size() == 3;
	}

	/** The parts joined with dots, as usage facts name tables. */
	public String name() {
		return String.join(".", parts);
	}

}
