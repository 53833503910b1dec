package io.lakegov.views;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.catalog.TableColumns;
import io.lakegov.usage.ColumnResolution;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.TableName;
import io.lakegov.usage.ColumnFact.Resolution;
import io.lakegov.views.ViewDefinitionRepository.Statement;

import org.springframework.stereotype.Component;

/**
 * Which current views read a column: a definition from the history reads what its statement's certain
 * column facts say (kept equal to the inventory by the column re-resolution); one from the inventory reads
 * what its analysed columns resolve to, as a statement's would, against the inventory's columns of the
 * tables it reads as of when it was defined.
 */
@Component
class ViewColumns {

	private final ViewDefinitionRepository repository;

	private final TableColumns inventory;

	ViewColumns(ViewDefinitionRepository repository, TableColumns inventory) {
		this.repository = repository;
		this.inventory = inventory;
	}

	/** Of the current versions that read the table, those that certainly read the column, by view name. */
	List<ColumnView> reading(List<ViewVersion> current, String table, String column) {
		List<ViewVersion> history = new ArrayList<>();
		List<ViewVersion> fromInventory = new ArrayList<>();
		for (ViewVersion version : current) {
			if (version.definition() != null) {
				(version.definition().inHistory() ? history : fromInventory).add(version);
			}
		}
		List<ColumnView> found = new ArrayList<>();
		if (!history.isEmpty()) {
			Set<Statement> reading = repository.readingColumn(
					history.stream().map(version -> statement(version.definition())).toList(), table, column);
			history.stream()
				.filter(version -> reading.contains(statement(version.definition())))
				.forEach(version -> found.add(answer(version)));
		}
		if (!fromInventory.isEmpty()) {
			Set<String> tables = new LinkedHashSet<>();
			fromInventory.forEach(version -> tables.addAll(version.reads()));
			TableColumns.Known known = inventory.of(tables);
			fromInventory.stream()
				.filter(version -> reads(version.definition(), known, table, column))
				.forEach(version -> found.add(answer(version)));
		}
		found.sort(Comparator.comparing(ColumnView::view));
		return found;
	}

	private static boolean reads(ViewDefinition definition, TableColumns.Known known, String table, String column) {
		var resolution = new ColumnResolution(
				parts -> new TableName(parts).resolve(definition.catalog(), definition.schema()).qualified(),
				name -> known.at(name, definition.at()));
		for (ColumnAccess access : definition.columns()) {
			for (var attribution : resolution.attribute(access)) {
				if (attribution.resolution() == Resolution.RESOLVED && attribution.table().equals(table)
						&& attribution.column().equals(column)) {
					return true;
				}
			}
		}
		return false;
	}

	private static Statement statement(ViewDefinition definition) {
		return new Statement(definition.source(), definition.statementId());
	}

	private static ColumnView answer(ViewVersion version) {
		return new ColumnView(version.view(), version.kind(), version.witness(), version.definition().at());
	}

}
