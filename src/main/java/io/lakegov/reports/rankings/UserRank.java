package io.lakegov.reports.rankings;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A user's place in the ranking of users over a date range.
 *
 * @param user the user
 * @param reads table reads (a statement reading three tables counts three)
 * @param writes table writes
 * @param lineageOnly of the reads and writes, those resting on the engine's lineage alone
 * @param tables distinct tables read or written; with indirect reads, the tables reached through views too
 * @param durationMs the total duration of the user's statements that read tables
 * @param readBytes their bytes read
 * @param indirectReads only with indirect reads: reads of the tables behind the views the user read, on the
 * days the views reached them (a statement reading a view on two tables counts two, like {@code reads}; one
 * reading two views on one table counts one for it); the ranking is then by {@code reads + writes +
 * indirectReads}
 */
public record UserRank(String user, long reads, long writes, long lineageOnly, long tables, long durationMs,
		long readBytes, @JsonInclude(JsonInclude.Include.NON_NULL) Long indirectReads) {

	UserRank(String user, long reads, long writes, long lineageOnly, long tables, long durationMs, long readBytes) {
		this(user, reads, writes, lineageOnly, tables, durationMs, readBytes, null);
	}

}
