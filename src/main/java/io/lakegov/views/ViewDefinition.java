package io.lakegov.views;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.lakegov.sql.ColumnAccess;

/**
 * Where a view version's definition was seen, to tell which columns it reads: a statement of the history
 * (whose column facts say it), or a text of the inventory (whose analysis says it, resolved in the view's
 * own catalog and schema).
 *
 * @param at when the definition was made: the statement's time, or the inventory row's validity start (a
 * renamed view keeps the definition, and its time, of the view it was)
 * @param source the statement's source (history), null for the inventory
 * @param statementId the statement (history), null for the inventory
 * @param catalog the view's catalog, lower case (inventory), null for the history
 * @param schema the view's schema, lower case (inventory), null for the history
 * @param columns the columns the inventory text reads, as the analyser found them; empty for the history
 */
record ViewDefinition(Instant at, String source, String statementId, String catalog, String schema,
		List<ColumnAccess> columns) {

	ViewDefinition {
		columns = List.copyOf(columns);
	}

	static ViewDefinition statement(Instant at, String source, String statementId) {
		return new ViewDefinition(at, source, statementId, null, null, List.of());
	}

	static ViewDefinition inventory(Instant at, String catalog, String schema, List<ColumnAccess> columns) {
		return new ViewDefinition(at, null, null, catalog.toLowerCase(Locale.ROOT), schema.toLowerCase(Locale.ROOT),
				columns);
	}

	boolean inHistory() {
		return statementId != null;
	}

}
