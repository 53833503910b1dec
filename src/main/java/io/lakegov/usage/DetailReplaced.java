package io.lakegov.usage;

import java.util.Set;

/**
 * Published inside the transaction that replaced stored detail of statements outside an ingestion batch's
 * {@link FactsWritten}: column facts resolved again after the column inventory changed. What records the
 * statements' detail elsewhere (the lakehouse archive) records the change with it; watches do not hear of
 * it. Listeners must be cheap.
 *
 * @param source the source of query history the statements belong to
 * @param statements the statements whose detail was replaced
 */
public record DetailReplaced(String source, Set<String> statements) {

	public DetailReplaced {
		statements = Set.copyOf(statements);
	}

}
