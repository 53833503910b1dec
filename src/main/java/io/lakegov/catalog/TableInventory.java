package io.lakegov.catalog;

import java.util.Optional;

import org.springframework.stereotype.Component;

/** Answers what the inventory history says about a table, for impact reports. */
@Component
public class TableInventory {

	private final InventoryRepository inventory;

	TableInventory(InventoryRepository inventory) {
		this.inventory = inventory;
	}

	/** The latest row for the name (the current one if present), empty when the inventory never had it. */
	public Optional<InventoryStatus> status(String fullName) {
		return inventory.status(fullName);
	}

}
