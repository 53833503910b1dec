package io.lakegov.catalog;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
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
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Reads the view definitions from each enabled source's {@code views} table beside its table inventory
 * ({@code system.information_schema.views} beside {@code system.information_schema.tables}). A source
 * without it, or without a {@code view_definition} column, has no definitions to give; then none are read
 * from any source this time, and the sync leaves the ones it kept as they are (a view of that source would
 * otherwise be taken for dropped).
 */
@Component
class SourceViewReader {

	private static final Logger log = LoggerFactory.getLogger(SourceViewReader.class);

	private final Sources sources;

	SourceViewReader(Sources sources) {
		this.sources = sources;
	}

	/** The views table beside the inventory table: its last name part replaced by {@code views}. */
	static String viewsTable(String inventoryTable) {
		int dot = inventoryTable.lastIndexOf('.');
		return dot < 0 ? "views" : inventoryTable.substring(0, dot + 1) + "views";
	}

	/** Every enabled source's definitions, the first source's first, or empty when one of them has none to give. */
	Optional<List<SourceView>> read() {
		List<SourceView> views = new ArrayList<>();
		for (HistorySource source : sources.enabled()) {
			Optional<List<SourceView>> found = read(source.database());
			if (found.isEmpty()) {
				if (sources.enabled().size() > 1) {
					log.debug("Source {} gives no view definitions, so none are synced this time", source.name());
				}
				return Optional.empty();
			}
			views.addAll(found.get());
		}
		return Optional.of(views);
	}

	private static Optional<List<SourceView>> read(SourceDatabase source) {
		// the table name comes from validated configuration, never from a request; every column is
		// asked for because sources differ in which optional ones they have
		String sql = "SELECT * FROM " + viewsTable(source.inventoryTable())
				+ " WHERE lower(table_schema) <> 'information_schema'";
		try {
			return source.jdbc().sql(sql).query(SourceViewReader::rows);
		}
		catch (DataAccessException ex) {
			log.debug("No view definitions read from {}: {}", viewsTable(source.inventoryTable()),
					Secrets.mask(ex.getMessage()));
			return Optional.empty();
		}
	}

	private static Optional<List<SourceView>> rows(ResultSet rs) throws SQLException {
		Set<String> columns = columns(rs.getMetaData());
		if (!columns.containsAll(Set.of("table_catalog", "table_schema", "table_name", "view_definition"))) {
			return Optional.empty();
		}
		List<SourceView> views = new ArrayList<>();
		while (rs.next()) {
			String catalog = rs.getString("table_catalog");
			String schema = rs.getString("table_schema");
			String name = rs.getString("table_name");
			String definition = rs.getString("view_definition");
			// a view whose text the principal may not see has no definition to analyse
			if (catalog != null && schema != null && name != null && definition != null && !definition.isBlank()) {
				views.add(new SourceView(catalog, schema, name, definition));
			}
		}
		return Optional.of(views);
	}

	private static Set<String> columns(ResultSetMetaData metaData) throws SQLException {
		Set<String> columns = new HashSet<>();
		for (int i = 1; i <= metaData.getColumnCount(); i++) {
			columns.add(metaData.getColumnLabel(i).toLowerCase(Locale.ROOT));
		}
		return columns;
	}

}
