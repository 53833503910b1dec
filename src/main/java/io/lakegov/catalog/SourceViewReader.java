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
import io.lakegov.history.Sources;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.stereotype.Component;

/**
 * Reads the view definitions from each enabled source's {@code views} table beside its table inventory
 * ({@code system.information_schema.views} beside {@code system.information_schema.tables}). A source without
 * it, or without a {@code view_definition} column, has no definitions to give and is passed over. A source whose
 * definitions cannot be read for another reason (a timeout, a refused principal) leaves every definition as the
 * sync kept it this time: its views would otherwise be taken for dropped.
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

	/**
	 * Every enabled source's definitions, the first source's first; empty when no source has any to give, or
	 * when one that has could not be read.
	 */
	Optional<List<SourceView>> read() {
		List<SourceView> views = new ArrayList<>();
		boolean any = false;
		for (HistorySource source : sources.enabled()) {
			String table = viewsTable(source.database().inventoryTable());
			// the table name comes from validated configuration, never from a request; every column is
			// asked for because sources differ in which optional ones they have
			String sql = "SELECT * FROM " + table + " WHERE lower(table_schema) <> 'information_schema'";
			try {
				Optional<List<SourceView>> found = source.database().jdbc().sql(sql).query(SourceViewReader::rows);
				if (found.isPresent()) {
					views.addAll(found.get());
					any = true;
				}
			}
			catch (BadSqlGrammarException ex) {
				log.debug("No view definitions in {} of source {}: {}", table, source.name(), Secrets.mask(ex.getMessage()));
			}
			catch (DataAccessException ex) {
				log.warn("The view definitions {} of source {} cannot be read, none are synced this time: {}", table,
						source.name(), Secrets.mask(ex.getMostSpecificCause().getMessage()));
				return Optional.empty();
			}
		}
		return any ? Optional.of(views) : Optional.empty();
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
