package io.lakegov.catalog;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.lakegov.history.SourceDatabase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Reads the column inventory ({@code information_schema.columns}) from the source. A source without
 * one, or one the principal may not read, answers empty: the table inventory syncs regardless.
 */
@Component
class SourceColumnReader {

	private static final Logger log = LoggerFactory.getLogger(SourceColumnReader.class);

	private final SourceDatabase source;

	SourceColumnReader(SourceDatabase source) {
		this.source = source;
	}

	/** The columns, or empty when the source has no column inventory lakegov can read. */
	Optional<List<SourceColumn>> read() {
		if (source.columnsTable() == null) {
			return Optional.empty();
		}
		// the table name comes from validated configuration, never from a request
		String sql = "SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, data_type FROM "
				+ source.columnsTable() + " WHERE lower(table_schema) <> 'information_schema'";
		try {
			return Optional.of(source.jdbc().sql(sql).query(SourceColumnReader::rows));
		}
		catch (DataAccessException ex) {
			log.warn("The source's column inventory {} cannot be read, columns are not synced: {}",
					source.columnsTable(), ex.getMostSpecificCause().getMessage());
			return Optional.empty();
		}
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
