package io.lakegov.catalog;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.lakegov.history.HistorySource;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.Sources;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Reads the column inventory ({@code information_schema.columns}) from each enabled source that has one. One
 * that cannot be read, or a principal that may not read it, leaves every source's columns unsynced this time
 * (its tables' columns would otherwise be taken for dropped); the table inventory syncs regardless.
 */
@Component
class SourceColumnReader {

	private static final Logger log = LoggerFactory.getLogger(SourceColumnReader.class);

	private final Sources sources;

	SourceColumnReader(Sources sources) {
		this.sources = sources;
	}

	/** The columns of every source with a column inventory, or empty when none has one lakegov can read. */
	Optional<List<SourceColumn>> read() {
		List<SourceColumn> columns = new ArrayList<>();
		// a table several sources list (a shared metastore, or one name in two) has the first one's columns
		Set<String> listed = new HashSet<>();
		boolean any = false;
		for (HistorySource source : sources.enabled()) {
			SourceDatabase database = source.database();
			if (database.columnsTable() == null) {
				continue;
			}
			// the table name comes from validated configuration, never from a request
			String sql = "SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, data_type FROM "
					+ database.columnsTable() + " WHERE lower(table_schema) <> 'information_schema'";
			try {
				List<SourceColumn> found = database.jdbc().sql(sql).query(SourceColumnReader::rows);
				Set<String> tables = new HashSet<>();
				for (SourceColumn column : found) {
					if (!listed.contains(column.table())) {
						columns.add(column);
						tables.add(column.table());
					}
				}
				listed.addAll(tables);
				any = true;
			}
			catch (DataAccessException ex) {
				log.warn("The column inventory {} of source {} cannot be read, columns are not synced: {}",
						database.columnsTable(), source.name(), ex.getMostSpecificCause().getMessage());
				return Optional.empty();
			}
		}
		return any ? Optional.of(columns) : Optional.empty();
	}

	private static List<SourceColumn> rows(ResultSet rs) throws SQLException {
		List<SourceColumn> columns = new ArrayList<>();
		while (rs.next()) {
			String catalog = rs.getString(1);
			String schema = rs.getString(2);
			String table = rs.getString(3);
			String column = rs.getString(4);
			if (catalog == null || schema == null || table == null || column == null) {
				continue;
			}
			int position = rs.getInt(5);
			Integer ordinal = rs.wasNull() ? null : position;
			columns.add(new SourceColumn((catalog + "." + schema + "." + table).toLowerCase(Locale.ROOT),
					column.toLowerCase(Locale.ROOT), ordinal, rs.getString(6)));
		}
		return columns;
	}

}
