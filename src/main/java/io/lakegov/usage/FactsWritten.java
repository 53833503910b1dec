package io.lakegov.usage;

import java.util.List;
import java.util.Set;

/**
 * Published inside an ingestion batch's transaction once the facts of its statements are replaced (and the
 * (day, table) pairs they touched recorded in the rollup backlog), so that what reacts to usage (watches)
 * sees them before the batch commits.
 * Listeners run in that transaction and must be cheap: the write path carries tens of thousands of facts
 * a second. What leaves the service because of these statements (OpenLineage events, archive rows) is
 * recorded here, in the same transaction, so that it commits or rolls back with them.
 *
 * @param source the source of query history the statements belong to
 * @param statements every statement whose facts were replaced, including those that now have none
 * @param facts the statements' new facts
 */
public record FactsWritten(String source, Set<String> statements, List<UsageFact> facts) {

	public FactsWritten {
		statements = Set.copyOf(statements);
		facts = List.copyOf(facts);
	}

}
