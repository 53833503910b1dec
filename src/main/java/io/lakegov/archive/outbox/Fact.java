package io.lakegov.archive.outbox;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

/** A usage fact as the store holds it, to be written as a row of the archive's {@code table_access}. */
record Fact(String statementId, int accessNo, String tableName, String writtenName, boolean fullyQualified,
		String role, String statementKind, String timeTravelKind, String timeTravelValue, String timeTravelSyntax,
		String userName, Instant eventTime, LocalDate businessDate, String sourceKind, String sourceId,
		String executionStatus, String witness) {

	static final String DIRECT = "DIRECT";

	static final String VIEW = "VIEW";

	/**
	 * The fact as an archive row: a direct access of its table, or (with a table and a path) a read of that
	 * table through the views of the path, the last of which is the table the fact names.
	 */
	List<Object> row(String source, String reached, String path) {
		boolean direct = reached == null;
		return Arrays.asList(source, statementId, accessNo, direct ? tableName : reached, direct ? DIRECT : VIEW,
				path, direct ? null : tableName, writtenName, fullyQualified, role, statementKind, timeTravelKind,
				timeTravelValue, timeTravelSyntax, userName, eventTime, businessDate, sourceKind, sourceId,
				executionStatus, witness);
	}

}
