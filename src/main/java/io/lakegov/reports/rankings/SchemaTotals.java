package io.lakegov.reports.rankings;

/**
 * A schema's figures over a date range, summed over its tables.
 *
 * @param tables tables of the schema seen in usage or in the inventory
 * @param usedTables those read or written in the range
 * @param reads table reads (a statement reading two of its tables counts twice)
 * @param writes table writes
 * @param timeTravelReads reads of an earlier version
 * @param durationMs the duration of the statements that read its tables, as attributed to them
 * @param readBytes their bytes read, as attributed to its tables
 */
public record SchemaTotals(long tables, long usedTables, long reads, long writes, long timeTravelReads, long durationMs,
		long readBytes) {

}
