package io.lakegov.history;

import java.time.Duration;
import java.util.Objects;

/**
 * One source of query history as ingestion uses it: its name (stored with everything read from it), its
 * database, how it is read and which principals are lakegov's own there.
 *
 * @param fetchSize rows fetched per round trip while streaming
 * @param queryTimeout how long one source query may run
 */
public record HistorySource(String name, SourceDatabase database, int fetchSize, Duration queryTimeout,
		OwnStatements own) {

	public HistorySource {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(database, "database");
		Objects.requireNonNull(queryTimeout, "queryTimeout");
		Objects.requireNonNull(own, "own");
	}

}
