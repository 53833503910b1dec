package io.lakegov.reports.rankings;

import java.time.Instant;

/**
 * A table lakegov knows, from usage facts or the inventory.
 *
 * @param table the full name
 * @param inInventory whether the lakehouse inventory lists it now
 * @param lastRead the latest read ever recorded, null if never read
 * @param lastWrite the latest write ever recorded, null if never written
 * @param shared whether it is in a Delta Sharing share now (read outside the workspace, never unused)
 */
public record TableEntry(String table, boolean inInventory, Instant lastRead, Instant lastWrite, boolean shared) {

}
