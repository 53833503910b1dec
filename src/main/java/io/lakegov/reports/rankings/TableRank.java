package io.lakegov.reports.rankings;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A table's place in a ranking over a date range.
 *
 * @param table the table
 * @param reads statements that read it
 * @param writes statements that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param lineageOnlyReads of the reads, those resting on the engine's lineage alone
 * @param users distinct users who read it; only when ranked by users (counting them costs a pass over
 * every table's readers, so a ranking by reads leaves the field out); with indirect reads, those who read
 * views on it too
 * @param durationMs the table's share of the duration of the statements that read it (each statement's
 * {@code total_duration_ms} split evenly over the tables it read); direct reads only
 * @param readBytes the table's share of their {@code read_bytes}, split the same way
 * @param indirectReads only with indirect reads: statements that read views built on it, on the days they
 * reached it (a statement that read several of them counted once); the ranking by reads then ranks by
 * {@code reads + indirectReads}
 */
public record TableRank(String table, long reads, long writes, long timeTravelReads, long lineageOnlyReads,
		@JsonInclude(JsonInclude.Include.NON_NULL) Long users, long durationMs, long readBytes,
		@JsonInclude(JsonInclude.Include.NON_NULL) Long indirectReads) {

	TableRank(String table, long reads, long writes, long timeTravelReads, long lineageOnlyReads, Long users,
			long durationMs, long readBytes) {
		this(table, reads, writes, timeTravelReads, lineageOnlyReads, users, durationMs, readBytes, null);
	}

}
