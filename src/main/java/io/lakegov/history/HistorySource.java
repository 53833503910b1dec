package io.lakegov.history;

import java.time.Duration;
import java.util.Objects;

/**
 * One source of query history as ingestion uses it: its name (stored with everything read from it), its
 * database, how it is read and which principals are lakegov's own there.
 *
 * @param fetchSize rows fetched per round trip while streaming
 * @param queryTimeout how long one source query may run
 * @param requestTimeout how long an HTTP request may wait for the source in all (see {@link SourceRequests})
 */
public record HistorySource(String name, SourceDatabase database, int fetchSize, Duration queryTimeout,
		OwnStatements own, Duration requestTimeout) {

	/** The default of {@code lakegov.source.request-timeout}. */
	public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

	public HistorySource {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(database, "database");
		Objects.requireNonNull(queryTimeout, "queryTimeout");
		Objects.requireNonNull(own, "own");
		Objects.requireNonNull(requestTimeout, "requestTimeout");
	}

	/** A source that requests wait for as long as the default allows. */
	public HistorySource(String name, SourceDatabase database, int fetchSize, Duration queryTimeout,
			OwnStatements own) {
		this(name, database, fetchSize, queryTimeout, own, DEFAULT_REQUEST_TIMEOUT);
	}

}
