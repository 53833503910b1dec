package io.lakegov.retention;

import java.time.Instant;
import java.util.Objects;

import io.lakegov.sql.TableName;

/**
 * Everything the rules look at for one table.
 *
 * @param table the table
 * @param evidence its time-travel reads, failures and usage in the lookback
 * @param settings its retention settings (possibly unknown, then the defaults)
 * @param inInventory whether the source's table inventory lists it
 * @param created when it was created, if the inventory says
 */
record TableFacts(TableName table, RetentionEvidence evidence, RetentionSettings settings, boolean inInventory,
		Instant created) {

	TableFacts {
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(evidence, "evidence");
		Objects.requireNonNull(settings, "settings");
	}

}
