package io.lakegov.archive.delta;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A column of an archive table: its name, its Spark SQL type, and the comment that tells an analyst what it
 * holds.
 *
 * @param name the column's name
 * @param type its Spark SQL type ({@code STRING}, {@code BIGINT}, {@code INT}, {@code BOOLEAN},
 * {@code TIMESTAMP}, {@code DATE}, {@code ARRAY<STRING>})
 * @param required whether it is NOT NULL
 * @param comment what it means
 */
public record ArchiveColumn(String name, String type, boolean required, String comment) {

	private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

	private static final Pattern TYPE = Pattern.compile("STRING|BIGINT|INT|BOOLEAN|TIMESTAMP|DATE|ARRAY<STRING>");

	public ArchiveColumn {
		SparkLiterals.plain(Objects.requireNonNull(comment, "comment"));
		if (!NAME.matcher(name).matches() || !TYPE.matcher(type).matches()) {
			throw new IllegalArgumentException("not an archive column: " + name + " " + type);
		}
	}

	static ArchiveColumn of(String name, String type, String comment) {
		return new ArchiveColumn(name, type, false, comment);
	}

	static ArchiveColumn key(String name, String type, String comment) {
		return new ArchiveColumn(name, type, true, comment);
	}

	/** The column in a CREATE TABLE. */
	String definition() {
		return name + " " + type + (required ? " NOT NULL" : "") + " COMMENT " + SparkLiterals.plain(comment);
	}

}
