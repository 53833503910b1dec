package io.lakegov.catalog;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakegov.history.SourceDatabase;
import io.lakegov.history.SourceTimes;

import org.springframework.stereotype.Component;

/**
 * Reads the table inventory from the source. Columns are looked up by name in what the source
 * returns, so a source without some optional column (or with new ones) still syncs.
 */
@Component
class SourceInventoryReader {

	private final SourceDatabase source;

	SourceInventoryReader(SourceDatabase source) {
		this.source = source;
	}

	List<SourceTable> read() {
		// the table name comes from validated configuration, never from a request; every column is
		// asked for because sources differ in which optional ones they have
		String sql = "SELECT * FROM " + source.inventoryTable()
				+ " WHERE lower(table_schema) <> 'information_schema'";
		return source.jdbc().sql(sql).query(SourceInventoryReader::rows);
	}

	private static List<SourceTable> rows(ResultSet rs) throws SQLException {
		Set<String> columns = columns(rs.getMetaData());
		List<SourceTable> tables = new ArrayList<>();
		while (rs.next()) {
			String catalog = text(rs, columns, "table_catalog");
			String schema = text(rs, columns, "table_schema");
			String name = text(rs, columns, "table_name");
			if (catalog == null || schema == null || name == null) {
				continue;
			}
			tables.add(new SourceTable(catalog, schema, name, text(rs, columns, "table_type"),
					text(rs, columns, "data_source_format"), text(rs, columns, "storage_path"),
					text(rs, columns, "table_owner"), time(rs, columns, "created"), time(rs, columns, "last_altered")));
		}
		return tables;
	}

	private static Set<String> columns(ResultSetMetaData metaData) throws SQLException {
		Set<String> columns = new HashSet<>();
		for (int i = 1; i <= metaData.getColumnCount(); i++) {
			columns.add(metaData.getColumnLabel(i).toLowerCase(Locale.ROOT));
		}
		return columns;
	}

	private static String text(ResultSet rs, Set<String> columns, String column) throws SQLException {
		return columns.contains(column) ? rs.getString(column) : null;
	}

	private static Instant time(ResultSet rs, Set<String> columns, String column) {
		if (!columns.contains(column)) {
			return null;
		}
		try {
			return SourceTimes.read(rs, column);
		}
		catch (SQLException ex) {
			// a source that types the column oddly loses this attribute, not the sync
			return null;
		}
	}

}
