package io.lakegov.retention;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.history.SourceDatabase;
import io.lakegov.history.SourceTimes;
import io.lakegov.sql.TableName;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Asks a Databricks SQL Warehouse. Names are quoted part by part, so a table name can never change the
 * statement. Databricks has no bulk view of table properties: the tables worth asking are the newest
 * altered ones of the inventory, bounded.
 */
final class DatabricksMetadataSource implements TableMetadataSource {

	private final String inventoryTable;

	DatabricksMetadataSource(SourceDatabase source) {
		this.inventoryTable = source.inventoryTable();
	}

	@Override
	public Map<String, String> properties(JdbcClient source, TableName table) {
		Map<String, String> properties = new LinkedHashMap<>();
		source
			.sql("SHOW TBLPROPERTIES " + RetentionSql.quoted(table))
			.query(rs -> {
				properties.put(rs.getString(1), rs.getString(2));
			});
		return properties;
	}

	@Override
	public List<CommitHistory.Commit> history(JdbcClient source, TableName table) {
		return source
			.sql("DESCRIBE HISTORY " + RetentionSql.quoted(table))
			.query((rs, n) -> new CommitHistory.Commit(rs.getLong("version"), SourceTimes.read(rs, "timestamp")))
			.list();
	}

	@Override
	public List<TableName> tablesWithSettings(JdbcClient source, int limit) {
		return SourceInventory.names(source, inventoryTable, limit);
	}

	@Override
	public boolean listsAllSettings() {
		return false;
	}

}
