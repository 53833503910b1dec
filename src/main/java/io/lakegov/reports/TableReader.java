package io.lakegov.reports;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.lakegov.usage.QuerySource;
import io.lakegov.views.ViewPath;

/**
 * One user who read a table in a date range.
 *
 * @param user who ran the statements
 * @param statements statements that read the table (with {@code access} VIA: that read the views, a statement
 * reading several of them counted once)
 * @param lineageOnly of those, statements whose read rests on the engine's lineage alone (their
 * text was masked or unreadable, the parser missed the table, or the history does not hold them)
 * @param timeTravelStatements of those, the ones that read an earlier version (time travel)
 * @param firstRead the earliest read in the range
 * @param lastRead the latest read in the range
 * @param sources the jobs, notebooks, dashboards ... the reads ran through
 * @param access only when indirect reads were asked for: DIRECT (the table itself) or VIA (views on it)
 * @param via with {@code access} VIA: the paths from the table to the views the user read
 */
public record TableReader(String user, long statements, long lineageOnly, long timeTravelStatements, Instant firstRead,
		Instant lastRead, List<QuerySource> sources, @JsonInclude(JsonInclude.Include.NON_NULL) String access,
		@JsonInclude(JsonInclude.Include.NON_NULL) List<ViewPath> via) {

	public TableReader {
		sources = List.copyOf(sources);
		via = via == null ? null : List.copyOf(via);
	}

	/** A direct reader, in an answer about direct reads only. */
	TableReader(String user, long statements, long lineageOnly, long timeTravelStatements, Instant firstRead,
			Instant lastRead, List<QuerySource> sources) {
		this(user, statements, lineageOnly, timeTravelStatements, firstRead, lastRead, sources, null, null);
	}

}
