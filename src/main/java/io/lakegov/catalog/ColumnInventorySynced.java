package io.lakegov.catalog;

import java.util.Set;

/**
 * Published after a column sync committed: the statements it queued (and any a previous sync left queued)
 * are to have their column facts resolved again.
 *
 * @param changedTables the tables whose columns appeared or vanished in this sync
 */
public record ColumnInventorySynced(Set<String> changedTables) {

	public ColumnInventorySynced {
		changedTables = Set.copyOf(changedTables);
	}

}
