package io.lakegov.reports;

import java.time.LocalDate;

/**
 * One business day of a table's usage.
 *
 * @param date the business day
 * @param reads statements that read the table
 * @param writes statements that wrote the table
 * @param timeTravelReads reads of an earlier version
 * @param users distinct users who read or wrote it
 * @param durationMs the table's share of the duration of the statements that read it (a statement's
 * {@code total_duration_ms} split evenly over the tables it read)
 * @param readBytes the table's share of their {@code read_bytes}, split the same way
 */
public record DailyUsage(LocalDate date, long reads, long writes, long timeTravelReads, long users, long durationMs,
		long readBytes) {

}
