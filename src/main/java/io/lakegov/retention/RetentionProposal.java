package io.lakegov.retention;

import java.util.List;
import java.util.Objects;

/**
 * A proposed change to how long a table keeps its history, or a prompt to review an unused table.
 *
 * @param table the table, {@code catalog.schema.table}
 * @param kind RAISE, LOWER or REVIEW_UNUSED
 * @param reason why, in a sentence
 * @param current the retention properties that apply now (defaults marked)
 * @param proposed the properties to set (empty for REVIEW_UNUSED)
 * @param sql the statement that applies the proposal; null for REVIEW_UNUSED
 * @param settingsKnown false when the table's properties could not be read and the defaults were assumed
 * @param confidence HIGH, MEDIUM or LOW
 * @param confidenceReason which rule gave the confidence
 * @param impact for REVIEW_UNUSED, the impact report to read before dropping the table
 * @param evidence what the proposal rests on
 */
public record RetentionProposal(String table, RetentionKind kind, String reason, List<SettingValue> current,
		List<SettingValue> proposed, String sql, boolean settingsKnown, Confidence confidence,
		String confidenceReason, String impact, RetentionEvidence evidence) {

	public RetentionProposal {
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(confidence, "confidence");
		current = List.copyOf(current);
		proposed = List.copyOf(proposed);
	}

}
