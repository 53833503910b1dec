package io.lakegov.catalog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.stereotype.Component;

/**
 * Brings the column inventory history in line with the source's: opens rows for columns that appeared,
 * closes those of columns that vanished (keeping them), refreshes position and type of the others, and
 * queues the statements whose column facts the change may settle differently. Runs in the caller's
 * transaction.
 */
@Component
class ColumnSync {

	private final ColumnInventoryRepository inventory;

	ColumnSync(ColumnInventoryRepository inventory) {
		this.inventory = inventory;
	}

	/** What one sync changed: columns present, appeared, vanished, and the tables whose columns did. */
	record Outcome(int columns, int appeared, int vanished, Set<String> changedTables) {
	}

	Outcome apply(List<SourceColumn> columns, Instant now) {
		Map<String, SourceColumn> present = new LinkedHashMap<>();
		columns.forEach(column -> present.putIfAbsent(key(column), column));
		Map<String, ColumnInventoryRepository.CurrentRow> current = new HashMap<>();
		inventory.current().forEach(row -> current.put(key(row.column()), row));
		List<Long> vanished = new ArrayList<>();
		Set<String> changedTables = new TreeSet<>();
		current.forEach((key, row) -> {
			if (!present.containsKey(key)) {
				vanished.add(row.id());
				changedTables.add(row.column().table());
			}
		});
		List<SourceColumn> appeared = new ArrayList<>();
		List<ColumnInventoryRepository.CurrentRow> changed = new ArrayList<>();
		present.forEach((key, column) -> {
			var row = current.get(key);
			if (row == null) {
				appeared.add(column);
				changedTables.add(column.table());
			}
			else if (!row.column().sameAttributes(column)) {
				changed.add(new ColumnInventoryRepository.CurrentRow(row.id(), column));
			}
		});
		inventory.close(vanished, now);
		inventory.open(appeared, now);
		inventory.update(changed);
		inventory.queueStatementsToResolve(changedTables);
		if (!vanished.isEmpty() || !appeared.isEmpty() || !changed.isEmpty()) {
			inventory.bumpStoreGeneration();
		}
		return new Outcome(present.size(), appeared.size(), vanished.size(), changedTables);
	}

	private static String key(SourceColumn column) {
		return column.table() + '\u0001' + column.column();
	}

}
