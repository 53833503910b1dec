package io.lakegov.retention;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads the local warehouse's stand-ins for {@code SHOW TBLPROPERTIES} and {@code DESCRIBE HISTORY}:
 * {@code lakehouse.table_properties} and {@code lakehouse.table_history}.
 */
final class LocalMetadataSource implements TableMetadataSource {

	@Override
	public Map<String, String> properties(JdbcClient source, TableName table) {
		Map<String, String> properties = new LinkedHashMap<>();
		source
			.sql("SELECT key, value FROM lakehouse.table_properties WHERE lower(table_full_name) = :table ORDER BY key")
			.param("table", table.qualified())
			.query(rs -> {
				properties.put(rs.getString(1), rs.getString(2));
			});
		return properties;
	}

	@Override
	public List<CommitHistory.Commit> history(JdbcClient source, TableName table) {
		return source
			.sql("""
					SELECT version, timestamp FROM lakehouse.table_history
					WHERE lower(table_full_name) = :table ORDER BY version""")
			.param("table", table.qualified())
			.query((rs, n) -> new CommitHistory.Commit(rs.getLong(1), rs.getTimestamp(2).toInstant()))
			.list();
	}

	@Override
	public List<TableName> tablesWithSettings(JdbcClient source, int limit) {
		return source
			.sql("SELECT DISTINCT lower(table_full_name) FROM lakehouse.table_properties ORDER BY 1 LIMIT :limit")
			.param("limit", limit)
			.query(String.class)
			.list()
			.stream()
			.flatMap(name -> SourceInventory.parse(name).stream())
			.toList();
	}

	@Override
	public boolean listsAllSettings() {
		return true;
	}

}
