package io.lakegov.catalog;

import java.time.Instant;

/**
 * What the inventory says about one table name.
 *
 * @param present whether the table exists in the lakehouse now
 * @param tableType MANAGED, EXTERNAL, VIEW ... (from the latest row)
 * @param format DELTA, PARQUET ...
 * @param storagePath where its data lives
 * @param created when the source says it was created
 * @param firstSeen when lakegov first saw it under this name
 * @param vanishedAt when it vanished from the inventory (dropped or renamed away), null while present
 * @param renamedTo the name it reappeared under, when it was renamed away
 * @param renamedFrom the name it had before, when it appeared by a rename
 */
public record InventoryStatus(boolean present, String tableType, String format, String storagePath, Instant created,
		Instant firstSeen, Instant vanishedAt, String renamedTo, String renamedFrom) {

}
