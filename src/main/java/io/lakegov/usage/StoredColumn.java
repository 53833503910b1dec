package io.lakegov.usage;

import java.util.List;

import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.ColumnScope;
import io.lakegov.sql.TableName;

/**
 * A column the analysis found, as the store keeps it (see {@link ColumnAccess}): table names as parts,
 * with the text's own {@code USE} applied; session defaults and the inventory resolve it further.
 *
 * @param table the table's parts; null for an unqualified column
 * @param column the column, {@code *} for all, null when the text's columns of the table are unknown
 * @param scopes for an unqualified column, the candidate tables per level, innermost first
 */
public record StoredColumn(List<String> table, String column, String role, List<Level> scopes, boolean aliasFallback,
		List<String> except) {

	public StoredColumn {
		scopes = scopes == null ? List.of() : List.copyOf(scopes);
		except = except == null ? List.of() : List.copyOf(except);
	}

	/** One level of candidate tables; {@code opaque}: a relation of unknown columns could supply it too. */
	public record Level(List<List<String>> tables, boolean opaque) {

		public Level {
			tables = tables == null ? List.of() : List.copyOf(tables);
		}

	}

	public static StoredColumn of(ColumnAccess access) {
		return new StoredColumn(access.table() == null ? null : access.table().parts(), access.column(),
				access.role().name(), access.scopes().stream().map(StoredColumn::level).toList(),
				access.aliasFallback(), access.except());
	}

	private static Level level(ColumnScope scope) {
		return new Level(scope.tables().stream().map(TableName::parts).toList(), scope.opaque());
	}

}
