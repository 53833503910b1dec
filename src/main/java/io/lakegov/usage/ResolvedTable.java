package io.lakegov.usage;

import java.util.Objects;

/**
 * A table name resolved against the tables lakegov knows (from usage facts or the inventory).
 *
 * @param name the full name, {@code catalog.schema.table} in lower case (as asked when never seen)
 * @param seen whether lakegov has ever seen the table in facts or the inventory
 */
public record ResolvedTable(String name, boolean seen) {

	public ResolvedTable {
		Objects.requireNonNull(name, "name");
	}

}
