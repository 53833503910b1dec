package io.lakegov.catalog;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Brings the inventory history in line with the source: opens rows for tables that appeared, closes
 * rows of tables that vanished (keeping them), records a rename when a table appears at the storage
 * path of one that vanished, and refreshes the attributes of the others. Where the source has view
 * definitions, keeps them in step too ({@link ViewInventorySync}); then the same for the columns, when the
 * source has a column inventory, after which the column facts the change affects are resolved again
 * ({@link ColumnInventorySynced}). Tables that vanished without a rename are announced inside the sync's
 * transaction ({@link TablesDropped}).
 */
@Service
public class CatalogSync {

	private final SourceInventoryReader reader;

	private final InventoryRepository inventory;

	private final SourceViewReader viewReader;

	private final ViewInventorySync views;

	private final TransactionTemplate tx;

	private final Clock clock;

	private final SourceColumnReader columnReader;

	private final ColumnSync columns;

	private final ApplicationEventPublisher events;

	CatalogSync(SourceInventoryReader reader, InventoryRepository inventory, SourceViewReader viewReader,
			ViewInventorySync views, TransactionTemplate tx, SourceColumnReader columnReader, ColumnSync columns,
			ApplicationEventPublisher events) {
		this.events = events;
		this.reader = reader;
		this.inventory = inventory;
		this.viewReader = viewReader;
		this.views = views;
		this.columnReader = columnReader;
		this.columns = columns;
		this.tx = tx;
		this.clock = Clock.systemUTC();
	}

	public CatalogSyncResult sync() {
		List<SourceTable> tables = reader.read();
		Optional<List<SourceView>> definitions = viewReader.read();
		Instant now = clock.instant();
		CatalogSyncResult result = tx.execute(status -> apply(tables, definitions, now));
		columnReader.read().ifPresent(found -> {
			ColumnSync.Outcome outcome = tx.execute(status -> columns.apply(found, now));
			events.publishEvent(new ColumnInventorySynced(outcome.changedTables()));
		});
		return result;
	}

	private CatalogSyncResult apply(List<SourceTable> tables, Optional<List<SourceView>> definitions, Instant now) {
		Map<String, SourceTable> present = new LinkedHashMap<>();
		tables.forEach(table -> present.putIfAbsent(table.fullName(), table));
		Map<String, InventoryRepository.CurrentRow> current = new HashMap<>();
		inventory.current().forEach(row -> current.put(row.table().fullName(), row));

		Map<String, InventoryRepository.CurrentRow> vanishedByPath = new HashMap<>();
		List<String> dropped = new ArrayList<>();
		int vanished = 0;
		for (var row : current.values()) {
			if (!present.containsKey(row.table().fullName())) {
				vanished++;
				if (row.table().storagePath() != null) {
					vanishedByPath.put(row.table().storagePath(), row);
				}
				else {
					inventory.close(row.id(), now, null);
					dropped.add(row.table().fullName());
				}
			}
		}
		int appeared = 0;
		int renamed = 0;
		int changed = 0;
		for (SourceTable table : present.values()) {
			var row = current.get(table.fullName());
			if (row != null) {
				if (!row.table().sameAttributes(table)) {
					inventory.update(row.id(), table);
					changed++;
				}
				continue;
			}
			appeared++;
			String renamedFrom = table.storagePath() == null ? null : renamedFrom(table, now, vanishedByPath);
			if (renamedFrom != null) {
				renamed++;
			}
			inventory.open(table, now, renamedFrom);
		}
		vanishedByPath.values().forEach(row -> {
			inventory.close(row.id(), now, null);
			dropped.add(row.table().fullName());
		});
		inventory.markSynced(now);
		if (!dropped.isEmpty()) {
			events.publishEvent(new TablesDropped(dropped, now));
		}
		int viewChanges = definitions.map(found -> views.apply(found, present, now)).orElse(0);
		return new CatalogSyncResult(present.size(), appeared, vanished, renamed, changed, viewChanges);
	}

	/** The old name when the table took over the storage path of a table that vanished, now or earlier. */
	private String renamedFrom(SourceTable table, Instant now, Map<String, InventoryRepository.CurrentRow> vanishedByPath) {
		var vanishedNow = vanishedByPath.remove(table.storagePath());
		if (vanishedNow != null) {
			inventory.close(vanishedNow.id(), now, table.fullName());
			return vanishedNow.table().fullName();
		}
		Optional<InventoryRepository.ClosedRow> earlier = inventory.vanishedAt(table.storagePath(), table.fullName());
		earlier.ifPresent(row -> inventory.markRenamed(row.id(), table.fullName()));
		return earlier.map(InventoryRepository.ClosedRow::fullName).orElse(null);
	}

}
