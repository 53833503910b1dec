package io.lakegov.ingest.columns;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.catalog.TableColumns;
import io.lakegov.ingest.batch.StatementContext;
import io.lakegov.ingest.batch.StoredAnalysis;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.TableName;
import io.lakegov.usage.ColumnFact;
import io.lakegov.usage.ColumnResolution;
import io.lakegov.usage.StoredColumn;
import io.lakegov.usage.UsageProperties;

import org.springframework.stereotype.Component;

/**
 * Turns the columns of statements' analyses into column facts: table names resolved like the table
 * facts', {@code *} expanded and unqualified columns attributed with the column inventory as of each
 * statement's time. What the inventory cannot settle is recorded as such (see {@link ColumnResolution}).
 */
@Component
public class ColumnFactDeriver {

	private final TableColumns inventory;

	private final java.time.ZoneId zone;

	ColumnFactDeriver(TableColumns inventory, UsageProperties usage) {
		this.inventory = inventory;
		this.zone = usage.timeZone();
	}

	/** One statement to derive: its analysis and the names its facts were resolved with. */
	public record Input(StatementContext statement, StoredAnalysis analysis, String catalog, String schema,
			Set<String> temporaryViews) {
	}

	public List<ColumnFact> derive(Collection<Input> inputs) {
		Set<String> needed = new HashSet<>();
		for (Input input : inputs) {
			for (StoredColumn column : input.analysis().columns()) {
				if (column.table() == null) {
					column.scopes().forEach(level -> level.tables().forEach(t -> addName(needed, input, t)));
				}
				else if (ColumnAccess.ALL.equals(column.column())) {
					addName(needed, input, column.table());
				}
			}
		}
		TableColumns.Known known = inventory.of(needed);
		List<ColumnFact> facts = new ArrayList<>();
		for (Input input : inputs) {
			if (!input.statement().own()) {
				facts.addAll(derive(input, known));
			}
		}
		return facts;
	}

	private List<ColumnFact> derive(Input input, TableColumns.Known known) {
		StatementContext statement = input.statement();
		ColumnResolution resolution = new ColumnResolution(table -> name(input, table),
				table -> known.at(table, statement.eventTime()));
		Map<String, ColumnFact> facts = new LinkedHashMap<>();
		for (StoredColumn column : input.analysis().columns()) {
			for (ColumnResolution.Attribution found : resolution.attribute(column)) {
				String key = found.table() + '\u0001' + found.column() + '\u0001' + column.role() + '\u0001'
						+ found.resolution();
				facts.putIfAbsent(key, new ColumnFact(statement.statementId(), found.table(), found.column(),
						column.role(), found.resolution(), found.candidates(), statement.user(),
						statement.eventTime(), statement.eventTime().atZone(zone).toLocalDate(),
						statement.source().kind(), statement.source().id()));
			}
		}
		return List.copyOf(facts.values());
	}

	private static void addName(Set<String> names, Input input, List<String> parts) {
		String name = name(input, parts);
		if (name != null) {
			names.add(name);
		}
	}

	/** The resolved name, null for a temporary view of the session. */
	private static String name(Input input, List<String> parts) {
		if (parts.size() == 1 && input.temporaryViews().contains(parts.get(0))) {
			return null;
		}
		return new TableName(parts).resolve(input.catalog(), input.schema()).qualified();
	}

}
