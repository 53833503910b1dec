package io.lakegov.usage;

import java.time.Instant;
import java.util.Objects;

/**
 * What one statement did to a Delta Sharing share, with the table's name resolved like its usage facts.
 *
 * @param eventNo the position of this change among the statement's share changes
 * @param action ADD, UPDATE, REMOVE (of {@code tableName}), RENAME (to {@code renamedTo}) or DROP (of the share)
 * @param tableName the resolved table for ADD, UPDATE and REMOVE, otherwise null
 * @param alias the name recipients see ({@code AS alias}), null when not given
 * @param withHistory whether recipients may read the table's history; null when the statement does not say
 * @param executionStatus the statement's execution status: only finished statements change a share
 */
public record ShareEvent(String statementId, int eventNo, String action, String shareName, String tableName,
		String alias, Boolean withHistory, String renamedTo, String userName, Instant eventTime,
		String executionStatus) {

	public ShareEvent {
		Objects.requireNonNull(statementId, "statementId");
		Objects.requireNonNull(action, "action");
		Objects.requireNonNull(shareName, "shareName");
		Objects.requireNonNull(userName, "userName");
		Objects.requireNonNull(eventTime, "eventTime");
		if (eventNo < 0 || eventNo > Short.MAX_VALUE) {
			throw new IllegalArgumentException("eventNo out of range: " + eventNo);
		}
	}

	/** Whether the statement ran to its end (a failed or cancelled ALTER SHARE changed nothing). */
	boolean finished() {
		return executionStatus == null || "FINISHED".equals(executionStatus);
	}

}
