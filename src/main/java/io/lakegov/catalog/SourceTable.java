package io.lakegov.catalog;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One row of the source's table inventory. Only the name is required; every other column may be
 * missing from a given source.
 *
 * @param catalog the catalog
 * @param schema the schema
 * @param name the table
 * @param type MANAGED, EXTERNAL, VIEW, MATERIALIZED_VIEW, STREAMING_TABLE ...
 * @param format DELTA, PARQUET, ...
 * @param storagePath where the data lives; the same path under a new name is a rename
 * @param owner the owner
 * @param created when the table was created
 * @param lastAltered when its definition or data last changed
 */
record SourceTable(String catalog, String schema, String name, String type, String format, String storagePath,
		String owner, Instant created, Instant lastAltered) {

	SourceTable {
		Objects.requireNonNull(catalog, "catalog");
		Objects.requireNonNull(schema, "schema");
		Objects.requireNonNull(name, "name");
		storagePath = storagePath == null || storagePath.isBlank() ? null : storagePath;
	}

	/** The name usage facts use: {@code catalog.schema.table} in lower case. */
	String fullName() {
		return (catalog + "." + schema + "." + name).toLowerCase(Locale.ROOT);
	}

	boolean sameAttributes(SourceTable other) {
		return Objects.equals(type, other.type) && Objects.equals(format, other.format)
				&& Objects.equals(storagePath, other.storagePath) && Objects.equals(owner, other.owner)
				&& Objects.equals(created, other.created) && Objects.equals(lastAltered, other.lastAltered);
	}

}
