package io.lakegov.reports;

import java.time.Instant;
import java.util.List;

import io.lakegov.usage.QuerySource;

/**
 * One user who wrote a table in a date range.
 *
 * @param user who ran the statements
 * @param statements statements that wrote the table
 * @param lineageOnly of those, statements whose write rests on the engine's lineage alone
 * @param firstWrite the earliest write in the range
 * @param lastWrite the latest write in the range
 * @param sources the jobs, pipelines, notebooks ... the writes ran through
 * @param statementKinds the kinds of the writing statements (INSERT, MERGE, CREATE_TABLE_AS_SELECT ...), from
 * per-statement detail: under detail retention, of the range's days the store still holds it for
 */
public record TableWriter(String user, long statements, long lineageOnly, Instant firstWrite, Instant lastWrite,
		List<QuerySource> sources, List<String> statementKinds) {

	public TableWriter {
		sources = List.copyOf(sources);
		statementKinds = List.copyOf(statementKinds);
	}

}
