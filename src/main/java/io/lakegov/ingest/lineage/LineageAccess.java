package io.lakegov.ingest.lineage;

import java.time.Instant;
import java.util.Locale;

import io.lakegov.sql.TableName;

/**
 * One table access the engine's lineage records for a statement: a lineage row's source is a READ, its
 * target a WRITE.
 *
 * @param statementId the row's statement, null for work the query history does not cover
 * @param lineageKey the row's key (for a row without statement, the identity of its own statement)
 * @param table the full name, or for a path-only side {@code delta.<path>} as the analyser names a path
 * @param role READ or WRITE
 * @param createdBy who ran it
 * @param entityType NOTEBOOK, JOB, PIPELINE, DASHBOARD_V3, DBSQL_DASHBOARD, DBSQL_QUERY ...; may be null
 */
public record LineageAccess(String statementId, String lineageKey, String table, String role, Instant eventTime,
		String createdBy, String entityType, String entityId) {

	/**
	 * The name a lineage side gives a table: its full name normalised like the analyser's names, else its
	 * path as the analyser names a Delta path; null when the side names neither.
	 */
	static String name(String fullName, String path) {
		if (fullName != null && !fullName.isBlank()) {
			try {
				return TableName.parse(fullName.strip()).qualified();
			}
			catch (IllegalArgumentException ex) {
				return fullName.strip().toLowerCase(Locale.ROOT);
			}
		}
		if (path != null && !path.isBlank()) {
			return new TableName(java.util.List.of("delta", path.strip())).qualified();
		}
		return null;
	}

}
