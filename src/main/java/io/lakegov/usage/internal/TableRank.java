package io.lakegov.usage.internal;

/**
 * A table's place in a ranking over a date range.
 *
 * @param table the table
 * @param reads statements that read it
 * @param writes statements that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param users distinct users who read it (only when ranked by users)
 */
public record TableRank(String table, long reads, long writes, long timeTravelReads, Long users) {

}
