package io.lakegov.catalog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

/** The columns the inventory lists for tables, for resolving the columns statements use. */
@Component
public class TableColumns {

	private final ColumnInventoryRepository inventory;

	TableColumns(ColumnInventoryRepository inventory) {
		this.inventory = inventory;
	}

	/** The column history of some tables. */
	public Known of(Collection<String> tables) {
		Map<String, List<ColumnInventoryRepository.Version>> byTable = new HashMap<>();
		inventory.versions(tables)
			.forEach(version -> byTable.computeIfAbsent(version.table(), t -> new ArrayList<>()).add(version));
		return new Known(byTable);
	}

	/** The column history of some tables, in inventory order. */
	public static final class Known {

		private final Map<String, List<ColumnInventoryRepository.Version>> byTable;

		Known(Map<String, List<ColumnInventoryRepository.Version>> byTable) {
			this.byTable = byTable;
		}

		/**
		 * The columns the table had at the given time; when the inventory did not list it then (it was
		 * synced later), the columns it lists now; null when the inventory knows no column of it.
		 */
		public List<String> at(String table, Instant time) {
			List<ColumnInventoryRepository.Version> versions = byTable.get(table);
			if (versions == null) {
				return null;
			}
			List<String> then = new ArrayList<>();
			List<String> now = new ArrayList<>();
			for (var version : versions) {
				boolean valid = !version.validFrom().isAfter(time)
						&& (version.validTo() == null || version.validTo().isAfter(time));
				if (valid) {
					then.add(version.column());
				}
				if (version.validTo() == null) {
					now.add(version.column());
				}
			}
			if (!then.isEmpty()) {
				return then;
			}
			return now.isEmpty() ? null : now;
		}

	}

}
