package io.lakegov.history.demo;

import java.time.Instant;
import java.util.List;

/**
 * One generated statement: the query history row the demo warehouse writes, and what it truly touched.
 *
 * @param querySource the {@code query_source} struct as JSON
 * @param truth the tables the statement reads and writes, fully qualified, as the warehouse resolved them
 */
public record DemoStatement(String statementId, String sessionId, String user, String text, String statementType,
		String querySource, String status, String errorMessage, Instant start, Instant end, List<Truth> truth) {

	public DemoStatement {
		truth = List.copyOf(truth);
	}

	/**
	 * A table access the generator knows the statement makes.
	 *
	 * @param timeTravelKind VERSION or TIMESTAMP, null without time travel
	 */
	public record Truth(String table, String role, String timeTravelKind, String timeTravelValue) {

		static Truth read(String schemaTable) {
			return new Truth(DemoCatalog.qualified(schemaTable), "READ", null, null);
		}

		static Truth write(String schemaTable) {
			return new Truth(DemoCatalog.qualified(schemaTable), "WRITE", null, null);
		}

		static Truth travel(String schemaTable, String kind, String value) {
			return new Truth(DemoCatalog.qualified(schemaTable), "READ", kind, value);
		}

	}

	DemoStatement withStatus(String newStatus, String error, Instant newEnd) {
		return new DemoStatement(statementId, sessionId, user, text, statementType, querySource, newStatus, error, start,
				newEnd, truth);
	}

}
