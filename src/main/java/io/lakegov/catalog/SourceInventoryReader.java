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

import io.lakegov.history.HistorySource;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.SourceTimes;
import io.lakegov.history.Sources;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Reads the table inventory from every enabled source, in configuration order (one region's metastore each;
 * sources that share a metastore list the same tables). Columns are looked up by name in what a source
 * returns, so a source without some optional column (or with new ones) still syncs. A source that does not
 * answer fails the read as a whole: the sync would otherwise take all its tables for dropped.
 */
@Component
class SourceInventoryReader {

	private static final Logger log = LoggerFactory.getLogger(SourceInventoryReader.class);

	private final Sources sources;

	SourceInventoryReader(Sources sources) {
		this.sources = sources;
	}

	/** Every enabled source's tables, the first source's first. */
	List<SourceTable> read() {
		List<SourceTable> tables = new ArrayList<>();
		for (HistorySource source : sources.enabled()) {
			try {
				tables.addAll(read(source.database()));
			}
			catch (DataAccessException ex) {
				log.warn("The table inventory of source {} cannot be read, so no source's inventory is synced this "
						+ "time: {}", source.name(), Secrets.mask(ex.getMostSpecificCause().getMessage()));
				throw ex;
			}
		}
		return tables;
	}

	/** One source's tables. */
	static List<SourceTable> read(SourceDatabase source) {
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
