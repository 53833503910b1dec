package io.lakegov.usage.internal;

import java.time.LocalDate;

/**
 * One business day of a table's usage.
 *
 * @param date the business day
 * @param reads statements that read the table
 * @param writes statements that wrote the table
 * @param timeTravelReads reads of an earlier version
 * @param users distinct users who read or wrote it
 */
public record DailyUsage(LocalDate date, long reads, long writes, long timeTravelReads, long users) {

}
