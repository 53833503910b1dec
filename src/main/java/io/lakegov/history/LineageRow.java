package io.lakegov.history;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.lakegov.history.HistoryRow.JsonText;

/**
 * One row of the source's {@code system.access.table_lineage}: the engine's own record that a statement,
 * notebook, job or pipeline read {@code source} and (or) wrote {@code target}. Read defensively like the
 * history: a missing column is null, an unknown one is kept in {@code extras}.
 *
 * @param statementId the statement of the query history, null for work the history does not cover
 * @param sourceTable {@code source_table_full_name}, null for a path-only or absent source
 * @param entityMetadata the entity's details (job, dashboard, notebook ...), as JSON
 * @param eventTime when the engine recorded the access (UTC)
 * @param extras columns lakegov does not keep typed, by lower-case name, as JSON texts
 */
public record LineageRow(String statementId, String sourceTable, String sourceType, String sourcePath,
		String targetTable, String targetType, String targetPath, String entityType, String entityId,
		String entityRunId, JsonText entityMetadata, String createdBy, Instant eventTime, LocalDate eventDate,
		Map<String, JsonText> extras) {

	public LineageRow {
		Objects.requireNonNull(eventTime, "eventTime");
		extras = Collections.unmodifiableMap(new TreeMap<>(extras));
	}

	/**
	 * The row's stable identity: the source's table has no id, so it is the SHA-256 of the columns that
	 * identify an access (statement, entity and run, source and target names and paths, who, when, to the
	 * microsecond). The same row read again has the same key; two rows differing in any of them do not.
	 */
	public String key() {
		StringBuilder text = new StringBuilder(256);
		for (String part : new String[] { statementId, entityType, entityId, entityRunId, sourceTable, sourcePath,
				targetTable, targetPath, createdBy, eventTime.truncatedTo(ChronoUnit.MICROS).toString() }) {
			// a length prefix keeps ("ab", "c") and ("a", "bc") apart; -1 marks null
			text.append(part == null ? -1 : part.length()).append(':').append(part == null ? "" : part).append('|');
		}
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from the JVM", ex);
		}
	}

}
