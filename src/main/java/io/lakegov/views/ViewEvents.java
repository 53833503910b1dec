package io.lakegov.views;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lakegov.sql.AccessRole;
import io.lakegov.sql.AnalysisStatus;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.sql.TableAccess;
import io.lakegov.views.ViewDefinitionRepository.InventoryDefinition;
import io.lakegov.views.ViewDefinitionRepository.StatementAccess;
import io.lakegov.views.ViewTimeline.Event;

import org.springframework.stereotype.Component;

/**
 * Turns both witnesses into timeline events. A statement's facts say what it did: CREATE [OR REPLACE]
 * VIEW, CREATE MATERIALIZED VIEW and metric views define the view they write as what they read (CREATE VIEW
 * IF NOT EXISTS only when the view does not exist), ALTER VIEW ... AS does when it reads anything (ALTER
 * VIEW ... OWNER TO does not redefine), ALTER VIEW or ALTER TABLE ... RENAME TO moves a view to its new
 * name, DROP VIEW and DROP TABLE end it. An inventory definition is analysed with the same analyser, its one- and two-part names resolved
 * in the view's own catalog and schema; one the analyser cannot read is left out rather than guessed.
 * Each definition keeps where it was seen ({@link ViewDefinition}), for the columns it reads.
 */
@Component
class ViewEvents {

	private static final long INVENTORY_ORDER = 0;

	private final ViewDefinitionRepository repository;

	private final StatementAnalyzer analyzer;

	/** Definitions change rarely and are analysed once per text, not once per store generation. */
	private final Cache<String, Analysed> analysed = Caffeine.newBuilder().maximumSize(20_000).build();

	/** What an inventory definition reads: the tables, resolved, and the columns as the analyser found them. */
	private record Analysed(Set<String> tables, List<ColumnAccess> columns) {
	}

	ViewEvents(ViewDefinitionRepository repository, StatementAnalyzer analyzer) {
		this.repository = repository;
		this.analyzer = analyzer;
	}

	List<Event> events() {
		List<Event> events = new ArrayList<>();
		inventory(events);
		history(events);
		return events;
	}

	private void history(List<Event> events) {
		List<StatementAccess> accesses = repository.viewStatements();
		long order = INVENTORY_ORDER;
		int start = 0;
		for (int i = 1; i <= accesses.size(); i++) {
			if (i == accesses.size() || !accesses.get(i).sameStatement(accesses.get(start))) {
				statement(accesses.subList(start, i), ++order, events);
				start = i;
			}
		}
	}

	private static void statement(List<StatementAccess> accesses, long order, List<Event> events) {
		StatementAccess first = accesses.get(0);
		Set<String> reads = new LinkedHashSet<>();
		List<String> writes = new ArrayList<>();
		boolean ifAbsent = false;
		for (StatementAccess access : accesses) {
			(access.role().equals("READ") ? reads : writes).add(access.table());
			ifAbsent |= access.ifAbsent();
		}
		if ((first.kind().equals("ALTER_TABLE") || first.kind().equals("ALTER_VIEW")) && reads.isEmpty()
				&& writes.size() == 2 && !writes.get(0).equals(writes.get(1))) {
			events.add(Event.renamed(writes.get(0), writes.get(1), first.at(), order, "HISTORY"));
			return;
		}
		String kind = switch (first.kind()) {
			case "CREATE_VIEW" -> "VIEW";
			case "CREATE_MATERIALIZED_VIEW" -> "MATERIALIZED_VIEW";
			case "CREATE_METRIC_VIEW" -> "METRIC_VIEW";
			default -> null;
		};
		for (String view : writes) {
			Set<String> own = new LinkedHashSet<>(reads);
			own.remove(view);
			if (kind != null || (first.kind().equals("ALTER_VIEW") && !own.isEmpty())) {
				Event defined = Event.defined(view, first.at(), order, kind, own, "HISTORY")
					.by(ViewDefinition.statement(first.at(), first.source(), first.statementId()));
				events.add(ifAbsent ? defined.onlyIfAbsent() : defined);
			}
			else if (first.kind().startsWith("DROP_")) {
				events.add(Event.dropped(view, first.at(), order, "HISTORY"));
			}
		}
	}

	private void inventory(List<Event> events) {
		for (InventoryDefinition definition : repository.inventoryDefinitions()) {
			Analysed reads = analysed.get(definition.catalog() + '\u0001' + definition.schema() + '\u0001'
					+ definition.definition(), key -> reads(definition));
			if (reads == null) {
				continue;
			}
			Set<String> own = new LinkedHashSet<>(reads.tables());
			own.remove(definition.view());
			events.add(Event.defined(definition.view(), definition.from(), INVENTORY_ORDER, kind(definition), own,
					"INVENTORY")
				.by(ViewDefinition.inventory(definition.from(), definition.catalog(), definition.schema(),
						reads.columns())));
			if (definition.vanished() && definition.to() != null) {
				events.add(Event.dropped(definition.view(), definition.to(), INVENTORY_ORDER, "INVENTORY"));
			}
		}
	}

	/** What the definition reads, or null when the analyser could not read it. */
	private Analysed reads(InventoryDefinition definition) {
		var analysis = analyzer.analyze(definition.definition());
		if (analysis.status() == AnalysisStatus.UNANALYZABLE) {
			return null;
		}
		String catalog = definition.catalog().toLowerCase(Locale.ROOT);
		String schema = definition.schema().toLowerCase(Locale.ROOT);
		Set<String> reads = new LinkedHashSet<>();
		for (TableAccess access : analysis.reads()) {
			reads.add(access.name().resolve(catalog, schema).qualified());
		}
		return new Analysed(reads, analysis.columns()
			.stream()
			.filter(column -> column.role() == AccessRole.READ)
			.toList());
	}

	private static String kind(InventoryDefinition definition) {
		String type = definition.tableType() == null ? "" : definition.tableType().toUpperCase(Locale.ROOT);
		return switch (type) {
			case "MATERIALIZED_VIEW" -> "MATERIALIZED_VIEW";
			case "METRIC_VIEW" -> "METRIC_VIEW";
			default -> "VIEW";
		};
	}

}
