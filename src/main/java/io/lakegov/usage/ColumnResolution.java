package io.lakegov.usage;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.lakegov.sql.ColumnAccess;
import io.lakegov.usage.ColumnFact.Resolution;

/**
 * Attributes one analysed column to tables, never guessing. A qualified column is its table's. {@code *}
 * is every column the inventory lists for the table (UNRESOLVED {@code *} when it lists none). An
 * unqualified column is looked up level by level, innermost first: the one table of a level that has
 * it, when every table of that level has known columns and no relation of unknown columns could supply
 * it; the only table in scope at all, whatever the inventory says; otherwise AMBIGUOUS between the
 * tables that have it or may have it, or UNRESOLVED when none has it.
 */
public final class ColumnResolution {

	/** One fact-to-be: a table's column with how sure the attribution is. */
	public record Attribution(String table, String column, Resolution resolution, List<String> candidates) {
	}

	private final Function<List<String>, String> names;

	private final Function<String, List<String>> columnsOf;

	/**
	 * @param names resolves a table's parts to its name, null for a temporary view
	 * @param columnsOf a table's columns at the statement's time, null when the inventory has none
	 */
	public ColumnResolution(Function<List<String>, String> names, Function<String, List<String>> columnsOf) {
		this.names = names;
		this.columnsOf = columnsOf;
	}

	/** The analysed column's attributions, as a statement's column facts would have them. */
	public List<Attribution> attribute(ColumnAccess column) {
		return attribute(StoredColumn.of(column));
	}

	public List<Attribution> attribute(StoredColumn column) {
		if (column.table() != null) {
			String table = names.apply(column.table());
			if (table == null) {
				return List.of();
			}
			if (column.column() == null) {
				return List.of(new Attribution(table, "", Resolution.UNKNOWN, List.of()));
			}
			if (!ColumnAccess.ALL.equals(column.column())) {
				return List.of(new Attribution(table, column.column(), Resolution.RESOLVED, List.of()));
			}
			List<String> all = columnsOf.apply(table);
			if (all == null) {
				return List.of(new Attribution(table, ColumnAccess.ALL, Resolution.UNRESOLVED, List.of()));
			}
			return all.stream()
				.filter(name -> !column.except().contains(name))
				.map(name -> new Attribution(table, name, Resolution.RESOLVED, List.of()))
				.toList();
		}
		return unqualified(column);
	}

	private List<Attribution> unqualified(StoredColumn column) {
		String name = column.column();
		List<List<String>> levels = new ArrayList<>();
		List<Boolean> opaque = new ArrayList<>();
		for (StoredColumn.Level level : column.scopes()) {
			List<String> tables = new ArrayList<>();
			level.tables().forEach(parts -> {
				String table = names.apply(parts);
				if (table != null && !tables.contains(table)) {
					tables.add(table);
				}
			});
			levels.add(tables);
			opaque.add(level.opaque() || tables.size() < level.tables().size());
		}
		Set<String> uncertain = new LinkedHashSet<>();
		for (int i = 0; i < levels.size(); i++) {
			List<String> having = new ArrayList<>();
			List<String> unknown = new ArrayList<>();
			for (String table : levels.get(i)) {
				List<String> columns = columnsOf.apply(table);
				if (columns == null) {
					unknown.add(table);
				}
				else if (columns.contains(name)) {
					having.add(table);
				}
			}
			boolean certainLevel = unknown.isEmpty() && !opaque.get(i);
			if (having.size() == 1 && certainLevel && uncertain.isEmpty()) {
				return List.of(new Attribution(having.get(0), name, Resolution.RESOLVED, List.of()));
			}
			uncertain.addAll(having);
			uncertain.addAll(unknown);
			if (!having.isEmpty() && certainLevel) {
				// a level that surely has the column hides the outer ones
				break;
			}
		}
		List<String> all = levels.stream().flatMap(List::stream).distinct().toList();
		if (uncertain.isEmpty()) {
			// no table in scope has it: an alias the statement defines, or a column the inventory lacks
			if (column.aliasFallback() || all.isEmpty() || opaque.contains(true)) {
				return List.of();
			}
			return all.size() == 1 ? List.of(new Attribution(all.get(0), name, Resolution.RESOLVED, List.of()))
					: all.stream().map(table -> new Attribution(table, name, Resolution.UNRESOLVED, all)).toList();
		}
		if (uncertain.size() == 1 && all.size() == 1 && !column.aliasFallback() && !opaque.contains(true)) {
			return List.of(new Attribution(all.get(0), name, Resolution.RESOLVED, List.of()));
		}
		List<String> candidates = List.copyOf(uncertain);
		Resolution kind = candidates.size() > 1 ? Resolution.AMBIGUOUS : Resolution.UNRESOLVED;
		return candidates.stream().map(table -> new Attribution(table, name, kind, candidates)).toList();
	}

}
