package io.lakegov.reports.rankings;

import java.time.Instant;

/**
 * One table of a schema over a date range.
 *
 * @param table the table
 * @param reads statements that read it
 * @param writes statements that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param users distinct users who read or wrote it
 * @param durationMs its share of the duration of the statements that read it (see the usage API's costs)
 * @param readBytes its share of their bytes read
 * @param lastRead its latest read in the range
 */
public record SchemaTable(String table, long reads, long writes, long timeTravelReads, long users, long durationMs,
		long readBytes, Instant lastRead) {

}
