package io.lakegov.catalog;

import java.time.Instant;
import java.util.List;

/**
 * Published inside a catalog sync's transaction with the tables that left the inventory without being
 * renamed, so that what watches tables hears of it without the catalog knowing who listens.
 *
 * @param tables the full names of the tables
 * @param at when the sync found them gone
 */
public record TablesDropped(List<String> tables, Instant at) {

	public TablesDropped {
		tables = List.copyOf(tables);
	}

}
