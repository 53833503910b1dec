package io.lakegov.catalog;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One change the inventory syncs saw in the lakehouse's list of tables.
 *
 * @param table the table, {@code catalog.schema.table}: for a rename, its new name
 * @param change APPEARED (listed for the first time since the first sync), VANISHED (no longer listed: dropped,
 * or moved where lakegov could not follow it) or RENAMED (listed under a new name at the storage path of a table
 * that vanished)
 * @param at when the sync that saw it ran
 * @param renamedFrom for RENAMED, the old name
 * @param tableType MANAGED, EXTERNAL, VIEW ... as the inventory said
 * @param storagePath where its data lies, when the inventory says
 */
public record CatalogChange(String table, Change change, Instant at, @Nullable String renamedFrom,
		@Nullable String tableType, @Nullable String storagePath) {

	/** What happened to a table. */
	public enum Change {

		APPEARED, VANISHED, RENAMED

	}

}
