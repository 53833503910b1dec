package io.lakegov.openlineage.event;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What the store says about one statement when its event is built: its facts, its history row (absent for a
 * statement known from the engine's lineage alone) and the columns it certainly read and wrote.
 *
 * @param executionStatus FINISHED, FAILED, CANCELED ...; null when the source did not say
 * @param startTime when it started (its facts' event time)
 * @param endTime when it ended; null when unknown
 * @param sourceKind JOB, NOTEBOOK, ..., ADHOC
 * @param sourceId the id of the job, notebook ...; empty for ad-hoc statements
 * @param jobRunId the run of the job it ran in, when the history names one
 * @param notebookId the notebook it ran in, when the history names one
 * @param redactedText the text with its literals redacted; null when there is none (masked, lineage only)
 * @param statementKind the analysis' kind (SELECT, INSERT, MERGE, ...)
 * @param analyzerVersion the version of the analyser whose facts these are
 */
public record StoredStatement(String source, String statementId, @Nullable String executionStatus,
		Instant startTime, @Nullable Instant endTime, String userName, String sourceKind, String sourceId,
		@Nullable String jobRunId, @Nullable String notebookId, @Nullable String redactedText,
		@Nullable String statementKind, @Nullable String analyzerVersion, List<Access> accesses,
		List<Column> columns) {

	/** A table the statement read or wrote, and the witness the fact rests on. */
	public record Access(String table, String role, String witness) {
	}

	/** A column of a table the statement certainly read or wrote. */
	public record Column(String table, String column, String role) {
	}

	public StoredStatement {
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(statementId, "statementId");
		Objects.requireNonNull(startTime, "startTime");
		accesses = List.copyOf(accesses);
		columns = List.copyOf(columns);
		sourceId = sourceId == null ? "" : sourceId;
	}

}
