package io.lakegov.reports.rankings;

import java.time.Instant;

/**
 * A table present in the lakehouse that nobody read in the window.
 *
 * @param table the full name
 * @param tableType MANAGED, EXTERNAL, VIEW ... as the inventory says
 * @param created when the source says it was created
 * @param lastRead the latest read ever recorded, null if never read
 * @param lastWrite the latest write ever recorded, null if never written
 * @param writtenInWindow whether something still wrote it in the window (written but never read)
 */
public record UnusedTable(String table, String tableType, Instant created, Instant lastRead, Instant lastWrite,
		boolean writtenInWindow) {

}
