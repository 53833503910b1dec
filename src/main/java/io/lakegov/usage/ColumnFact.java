package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One column fact: a statement's read or write of one column of one table, and how certain the
 * attribution is.
 *
 * @param tableName the resolved table name
 * @param columnName the column; as written for AMBIGUOUS and UNRESOLVED ({@code *} for all columns of
 * a table whose columns the inventory does not know), empty for UNKNOWN
 * @param role {@code READ} or {@code WRITE}
 * @param resolution how the column was attributed to the table
 * @param candidates for AMBIGUOUS: every table it may belong to
 */
public record ColumnFact(String statementId, String tableName, String columnName, String role,
		Resolution resolution, List<String> candidates, String userName, Instant eventTime, LocalDate businessDate,
		String sourceKind, String sourceId) {

	/** How a column was attributed to its table. */
	public enum Resolution {

		/** The column of this table, certainly. */
		RESOLVED,
		/** A column of one of several tables (the candidates), this one among them. */
		AMBIGUOUS,
		/** Possibly a column of this table; the inventory cannot tell (or does not list it). */
		UNRESOLVED,
		/** The statement used the table; which of its columns the analyser could not tell. */
		UNKNOWN

	}

	public ColumnFact {
		Objects.requireNonNull(statementId, "statementId");
		Objects.requireNonNull(tableName, "tableName");
		Objects.requireNonNull(columnName, "columnName");
		Objects.requireNonNull(role, "role");
		Objects.requireNonNull(resolution, "resolution");
		Objects.requireNonNull(userName, "userName");
		Objects.requireNonNull(eventTime, "eventTime");
		Objects.requireNonNull(businessDate, "businessDate");
		Objects.requireNonNull(sourceKind, "sourceKind");
		candidates = candidates == null ? List.of() : List.copyOf(candidates);
		sourceId = sourceId == null ? "" : sourceId;
	}

}
