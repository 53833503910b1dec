package io.lakegov.usage.internal;

import java.time.Instant;

/**
 * A table one user read or wrote in a date range.
 *
 * @param table the table
 * @param reads statements of the user that read it
 * @param writes statements of the user that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param lastAccess the user's latest read or write of it
 * @param durationMs the table's share of the duration of the user's statements that read it
 * @param readBytes the table's share of their bytes read
 */
public record UserTable(String table, long reads, long writes, long timeTravelReads, Instant lastAccess,
		long durationMs, long readBytes) {

}
