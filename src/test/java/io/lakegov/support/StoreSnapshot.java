package io.lakegov.support;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Every table of a store as sorted lines of text, to tell two stores apart table by table. The table list
 * and the columns come from the schema itself, so that a new table or column is compared without being
 * named here; only what records which run wrote a row, and when, is left out.
 */
public final class StoreSnapshot {

	/** Bookkeeping of runs, locks and migrations: different for any two ingestions of the same source. */
	static final Set<String> RUN_TABLES = Set.of("ingestion_run", "shedlock", "flyway_schema_history",
			"store_generation");

	/** When a row was written or analysed and by which run. */
	static final Set<String> RUN_COLUMNS = Set.of("analyzed_at", "first_seen_at", "last_changed_at",
			"ingestion_run_id", "updated_at", "last_run_id");

	private final Map<String, List<String>> tables;

	private StoreSnapshot(Map<String, List<String>> tables) {
		this.tables = tables;
	}

	public static StoreSnapshot of(JdbcClient jdbc) {
		Map<String, List<String>> columns = new TreeMap<>();
		jdbc.sql("""
				SELECT c.table_name, c.column_name FROM information_schema.columns c
				JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
				ORDER BY c.table_name, c.ordinal_position""")
			.query((rs, n) -> {
				String table = rs.getString(1);
				String column = rs.getString(2);
				if (!RUN_TABLES.contains(table) && !RUN_COLUMNS.contains(column)) {
					columns.computeIfAbsent(table, name -> new ArrayList<>()).add('"' + column + '"');
				}
				return table;
			})
			.list();
		Map<String, List<String>> tables = new TreeMap<>();
		columns.forEach((table, names) -> tables.put(table, jdbc
			.sql("SELECT (ROW(" + String.join(", ", names) + "))::text AS line FROM \"" + table + "\" ORDER BY 1")
			.query(String.class)
			.list()));
		return new StoreSnapshot(tables);
	}

	public Set<String> tables() {
		return tables.keySet();
	}

	public List<String> rows(String table) {
		return tables.getOrDefault(table, List.of());
	}

	/** The rows of each table that only one of the two stores holds; empty when they hold the same. */
	public Map<String, String> differences(StoreSnapshot other) {
		Map<String, String> differences = new TreeMap<>();
		Set<String> names = new TreeSet<>(tables.keySet());
		names.addAll(other.tables.keySet());
		for (String table : names) {
			Map<String, Integer> count = new HashMap<>();
			rows(table).forEach(row -> count.merge(row, 1, Integer::sum));
			other.rows(table).forEach(row -> count.merge(row, -1, Integer::sum));
			List<String> onlyHere = new ArrayList<>();
			List<String> onlyThere = new ArrayList<>();
			count.forEach((row, n) -> {
				if (n > 0) {
					onlyHere.add(row);
				}
				else if (n < 0) {
					onlyThere.add(row);
				}
			});
			if (!onlyHere.isEmpty() || !onlyThere.isEmpty()) {
				differences.put(table, onlyHere.size() + " rows only here, e.g. " + onlyHere.stream().sorted().limit(3).toList()
						+ "; " + onlyThere.size() + " only in the other, e.g. " + onlyThere.stream().sorted().limit(3).toList());
			}
		}
		return differences;
	}

}
