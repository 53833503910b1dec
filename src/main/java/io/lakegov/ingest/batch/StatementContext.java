package io.lakegov.ingest.batch;

import java.time.Instant;

import io.lakegov.usage.QuerySource;

/**
 * What a usage fact needs to know about its statement besides the analysis.
 *
 * @param eventTime the statement's start (its update time when the start is unknown)
 * @param user who ran it; {@code (unknown)} when the source does not say
 * @param own whether lakegov itself ran it (its reads of the source are never usage)
 * @param cacheOrigin for a result-cache hit, the statement that filled the cache (whose lineage it has)
 */
public record StatementContext(String statementId, String sessionId, Instant eventTime, String user, QuerySource source,
		String executionStatus, String textHash, boolean own, String cacheOrigin) {

	static final String UNKNOWN_USER = "(unknown)";

	public StatementContext {
		user = user == null || user.isBlank() ? UNKNOWN_USER : user;
	}

}
