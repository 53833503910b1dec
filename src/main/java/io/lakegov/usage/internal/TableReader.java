package io.lakegov.usage.internal;

import java.time.Instant;
import java.util.List;

import io.lakegov.usage.QuerySource;

/**
 * One user who read a table in a date range.
 *
 * @param user who ran the statements
 * @param statements statements that read the table
 * @param lineageOnly of those, statements whose read of the table rests on the engine's lineage alone (their
 * text was masked or unreadable, the parser missed the table, or the history does not hold them)
 * @param timeTravelStatements of those, the ones that read an earlier version (time travel)
 * @param firstRead the earliest read in the range
 * @param lastRead the latest read in the range
 * @param sources the jobs, notebooks, dashboards ... the reads ran through
 */
public record TableReader(String user, long statements, long lineageOnly, long timeTravelStatements, Instant firstRead,
		Instant lastRead, List<QuerySource> sources) {

	public TableReader {
		sources = List.copyOf(sources);
	}

}
