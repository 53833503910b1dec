package io.lakegov.usage.internal;

/**
 * A user's place in the ranking of users over a date range.
 *
 * @param user the user
 * @param reads table reads (a statement reading three tables counts three)
 * @param writes table writes
 * @param lineageOnly of the reads and writes, those resting on the engine's lineage alone
 * @param tables distinct tables read or written
 * @param durationMs the total duration of the user's statements that read tables
 * @param readBytes their bytes read
 */
public record UserRank(String user, long reads, long writes, long lineageOnly, long tables, long durationMs,
		long readBytes) {

}
