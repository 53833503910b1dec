package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * One usage fact: a statement's access to one table, with who ran it, when (and on which business
 * day), and through which query source.
 *
 * @param statementId the statement of {@code system.query.history}
 * @param accessNo the position of this access within the statement's accesses
 * @param tableName the resolved name ({@code catalog.schema.table} when the defaults allowed it)
 * @param writtenName the name as written in the statement, normalised
 * @param fullyQualified whether {@code tableName} has all three parts (or is a path)
 * @param role {@code READ}, {@code WRITE} or {@code GRANT}
 * @param statementKind the statement's kind (SELECT, INSERT, MERGE, ...)
 * @param timeTravelKind {@code VERSION} or {@code TIMESTAMP}, null without time travel
 * @param timeTravelValue the version or timestamp reached for
 * @param timeTravelSyntax how it was written (AS_OF, AT_SUFFIX, TABLE_CHANGES, RESTORE, CLONE)
 * @param userName who ran it ({@code executed_by})
 * @param eventTime when the statement started
 * @param businessDate the day of {@code eventTime} in the configured business time zone
 * @param sourceKind JOB, NOTEBOOK, DASHBOARD, ... or ADHOC
 * @param sourceId the id of the job, notebook, dashboard ...; empty for ad-hoc statements
 * @param executionStatus the statement's execution status
 */
public record UsageFact(String statementId, int accessNo, String tableName, String writtenName,
		boolean fullyQualified, String role, String statementKind, String timeTravelKind, String timeTravelValue,
		String timeTravelSyntax, String userName, Instant eventTime, LocalDate businessDate, String sourceKind,
		String sourceId, String executionStatus) {

	public UsageFact {
		Objects.requireNonNull(statementId, "statementId");
		Objects.requireNonNull(tableName, "tableName");
		Objects.requireNonNull(writtenName, "writtenName");
		Objects.requireNonNull(role, "role");
		Objects.requireNonNull(userName, "userName");
		Objects.requireNonNull(eventTime, "eventTime");
		Objects.requireNonNull(businessDate, "businessDate");
		Objects.requireNonNull(sourceKind, "sourceKind");
		sourceId = sourceId == null ? "" : sourceId;
		if (accessNo < 0 || accessNo > Short.MAX_VALUE) {
			throw new IllegalArgumentException("accessNo out of range: " + accessNo);
		}
	}

}
