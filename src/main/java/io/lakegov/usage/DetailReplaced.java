package io.lakegov.usage;

import java.util.Set;

/**
 * Published inside the transaction that changed stored detail of statements outside an ingestion batch's
 * {@link FactsWritten}: column facts resolved again after the column inventory changed, to facts other than
 * before. What records or tells of the statements' detail elsewhere (the lakehouse archive, the OpenLineage
 * feed's column lineage) records the change with it; watches do not hear of it. Listeners must be cheap.
 *
 * @param source the source of query history the statements belong to
 * @param statements the statements whose detail changed
 */
public record DetailReplaced(String source, Set<String> statements) {

	public DetailReplaced {
		statements = Set.copyOf(statements);
	}

}
