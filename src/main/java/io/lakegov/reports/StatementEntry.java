package io.lakegov.reports;

import java.time.Instant;

import io.lakegov.usage.QuerySource;
import org.jspecify.annotations.Nullable;

/**
 * One statement of the query history, with its text redacted (literals removed); the raw text only for
 * admins, and only while the store keeps it.
 *
 * @param historySource the source of query history the statement was read from (statement ids are unique
 * only within a source)
 * @param statementId the statement's id in {@code system.query.history}
 * @param user who ran it ({@code executed_by})
 * @param startTime when it started
 * @param endTime when it ended
 * @param status FINISHED, FAILED, CANCELED, RUNNING ...
 * @param durationMs total duration in milliseconds
 * @param source the job, notebook, dashboard ... it ran through
 * @param statementType the type the source reported (SELECT, INSERT ...)
 * @param analysisStatus ANALYZED, PARTIAL or UNANALYZABLE; REDACTED or EMPTY for a text the source masked or
 * left empty, which has no analysis; OWN_STATEMENT for lakegov's own reads of the source
 * @param analysisReason for a text not analysed in full (PARTIAL, UNANALYZABLE), why; null otherwise
 * @param analysisStage the analyser stage that gave a PARTIAL or UNANALYZABLE analysis
 * @param redactedText the statement text with literals redacted, null until analysed
 * @param sql the raw statement text: for admins, while the store keeps it; otherwise null
 * @param reanalysable false when the raw text is gone, so a newer analyser cannot analyse it anew and it
 * keeps the facts of its last analysis
 */
public record StatementEntry(String historySource, String statementId, String user, Instant startTime,
		Instant endTime, String status, Long durationMs, QuerySource source, String statementType, String analysisStatus,
		@Nullable String analysisReason, @Nullable String analysisStage, String redactedText,
		@Nullable String sql, boolean reanalysable) {

}
