package io.lakegov.retention;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakegov.history.SourceTimes;
import io.lakegov.sql.TableName;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The tables the source lists in its inventory ({@code information_schema.tables} or the local
 * warehouse's copy), views left out: they keep no history of their own.
 */
final class SourceInventory {

	private static final String SELECT = """
			SELECT table_catalog, table_schema, table_name, created FROM %s
			WHERE lower(table_schema) <> 'information_schema' AND coalesce(upper(table_type), '') NOT LIKE '%%VIEW%%'
			%s
			ORDER BY last_altered DESC NULLS LAST, table_catalog, table_schema, table_name
			LIMIT %d""";

	private SourceInventory() {
	}

	/** One inventory entry: when the table was created, if the source says. */
	record Entry(Instant created) {
	}

	/** Tables, newest altered first. */
	static Map<TableName, Entry> tables(JdbcClient source, String inventoryTable, int limit) {
		Map<TableName, Entry> tables = new LinkedHashMap<>();
		source.sql(SELECT.formatted(inventoryTable, "", limit)).query(rs -> {
			var name = new TableName(List.of(rs.getString(1), rs.getString(2), rs.getString(3)));
			tables.put(name, new Entry(SourceTimes.read(rs, 4)));
		});
		return tables;
	}

	/** One table's entry: empty when the inventory does not list it. */
	static Optional<Entry> find(JdbcClient source, String inventoryTable, TableName table) {
		var names = table.parts();
		return source
			.sql(SELECT.formatted(inventoryTable, """
					AND lower(table_catalog) = :catalog AND lower(table_schema) = :schema AND lower(table_name) = :name""",
					1))
			.param("catalog", names.get(0))
			.param("schema", names.get(1))
			.param("name", names.get(2))
			.query((rs, n) -> new Entry(SourceTimes.read(rs, 4)))
			.optional();
	}

	static List<TableName> names(JdbcClient source, String inventoryTable, int limit) {
		return List.copyOf(tables(source, inventoryTable, limit).keySet());
	}

	/** Three-part names only: anything else cannot be asked for its properties. */
	static Optional<TableName> parse(String name) {
		try {
			TableName table = TableName.parse(name);
			return table.parts().size() == 3 && !table.isPath() ? Optional.of(table) : Optional.empty();
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

}
