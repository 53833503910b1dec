package io.lakegov.archive.delta;

import java.util.regex.Pattern;

/**
 * The {@code catalog.schema} a source's archive lives in, checked and quoted: the only name lakegov puts
 * into the archive's statements that comes from configuration.
 *
 * @param catalog the catalog
 * @param schema the schema within it
 */
public record ArchiveSchema(String catalog, String schema) {

	private static final Pattern PART = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");

	public ArchiveSchema {
		if (catalog == null || schema == null || !PART.matcher(catalog).matches() || !PART.matcher(schema).matches()) {
			throw new IllegalArgumentException("an archive schema is catalog.schema of plain names");
		}
	}

	/** The schema of a {@code catalog.schema} name. */
	public static ArchiveSchema of(String name) {
		int dot = name.indexOf('.');
		if (dot < 0) {
			throw new IllegalArgumentException("an archive schema is catalog.schema, was " + name);
		}
		return new ArchiveSchema(name.substring(0, dot), name.substring(dot + 1));
	}

	/** A table of the schema, every part quoted. */
	public String table(String name) {
		if (!PART.matcher(name).matches()) {
			throw new IllegalArgumentException("not a table name: " + name);
		}
		return "`" + catalog + "`.`" + schema + "`.`" + name + "`";
	}

	@Override
	public String toString() {
		return catalog + "." + schema;
	}

}
