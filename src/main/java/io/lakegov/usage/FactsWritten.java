package io.lakegov.usage;

import java.util.List;

/**
 * Published inside an ingestion batch's transaction once the facts of its statements are replaced (and the
 * (day, table) pairs they touched recorded in the rollup backlog), so that what reacts to usage (watches)
 * sees them before the batch commits.
 * Listeners run in that transaction and must be cheap: the write path carries tens of thousands of facts
 * a second.
 *
 * @param source the source of query history the statements belong to
 * @param facts the statements' new facts
 */
public record FactsWritten(String source, List<UsageFact> facts) {

	public FactsWritten {
		facts = List.copyOf(facts);
	}

}
