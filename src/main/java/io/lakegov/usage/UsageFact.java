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
 * @param witness what the fact rests on: {@code PARSED} (the statement's text), {@code ENGINE_LINEAGE}
 * (the engine's table lineage alone) or {@code BOTH}
 */
public record UsageFact(String statementId, int accessNo, String tableName, String writtenName,
		boolean fullyQualified, String role, String statementKind, String timeTravelKind, String timeTravelValue,
		String timeTravelSyntax, String userName, Instant eventTime, LocalDate businessDate, String sourceKind,
		String sourceId, String executionStatus, String witness) {

	public static final String PARSED = "PARSED";

	public static final String ENGINE_LINEAGE = "ENGINE_LINEAGE";

	public static final String BOTH = "BOTH";

	/** A fact read from the statement's text alone. */
	public UsageFact(String statementId, int accessNo, String tableName, String writtenName, boolean fullyQualified,
			String role, String statementKind, String timeTravelKind, String timeTravelValue, String timeTravelSyntax,
			String userName, Instant eventTime, LocalDate businessDate, String sourceKind, String sourceId,
			String executionStatus) {
		this(statementId, accessNo, tableName, writtenName, fullyQualified, role, statementKind, timeTravelKind,
				timeTravelValue, timeTravelSyntax, userName, eventTime, businessDate, sourceKind, sourceId,
				executionStatus, PARSED);
	}

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
		if (!PARSED.equals(witness) && !ENGINE_LINEAGE.equals(witness) && !BOTH.equals(witness)) {
			throw new IllegalArgumentException("witness must be PARSED, ENGINE_LINEAGE or BOTH: " + witness);
		}
		if (accessNo < 0 || accessNo > Short.MAX_VALUE) {
			throw new IllegalArgumentException("accessNo out of range: " + accessNo);
		}
	}

	/** Whether the fact rests on the engine's lineage alone. */
	public boolean lineageOnly() {
		return ENGINE_LINEAGE.equals(witness);
	}

	/** The same fact with another witness, name and position. */
	public UsageFact witnessed(String witness, String tableName, boolean fullyQualified, int accessNo) {
		return new UsageFact(statementId, accessNo, tableName, writtenName, fullyQualified, role, statementKind,
				timeTravelKind, timeTravelValue, timeTravelSyntax, userName, eventTime, businessDate, sourceKind, sourceId,
				executionStatus, witness);
	}

}
