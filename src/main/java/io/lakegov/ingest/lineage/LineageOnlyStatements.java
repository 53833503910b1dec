package io.lakegov.ingest.lineage;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistorySource;
import io.lakegov.history.OwnStatements;
import io.lakegov.ingest.batch.FactDeriver;
import io.lakegov.usage.QuerySource;
import io.lakegov.ingest.batch.StatementContext;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;
import io.lakegov.usage.UsageFactRepository;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Lineage rows with no statement in the query history (notebooks and jobs on classic clusters, which the
 * history does not cover) become statements of their own: their facts rest on lineage alone, attributed to
 * the row's {@code created_by} and entity. Their identity is synthetic, {@value #PREFIX} followed by
 * {@code statement:} and the lineage's statement id, or by {@code row:} and the row's key when it names no
 * statement; the history reader refuses statement ids with that prefix, so it never names a real one.
 * When the history of such a statement arrives, the statement's own facts replace these.
 */
@Component
public class LineageOnlyStatements {

	static final String PREFIX = HistoryReader.RESERVED_PREFIX;

	private final EngineLineageStore lineage;

	private final UsageFactRepository facts;

	private final ZoneId zone;

	private final ApplicationEventPublisher events;

	LineageOnlyStatements(EngineLineageStore lineage, UsageFactRepository facts, FactDeriver deriver,
			ApplicationEventPublisher events) {
		this.events = events;
		this.lineage = lineage;
		this.facts = facts;
		this.zone = deriver.zone();
	}

	public static String syntheticId(String statementId) {
		return PREFIX + "statement:" + statementId;
	}

	static String syntheticRowId(String lineageKey) {
		return PREFIX + "row:" + lineageKey;
	}

	/**
	 * Derives anew the facts of the lineage-only statements of the given statement ids (none of them in the
	 * history) and of the given rows without statement id. Returns how many statements have facts now.
	 */
	public int rebuild(HistorySource source, Collection<String> statementIds, Collection<String> keysWithoutStatement) {
		Map<String, List<LineageAccess>> groups = new LinkedHashMap<>();
		lineage.byStatement(source.name(), statementIds).forEach((id, accesses) -> groups.put(syntheticId(id), accesses));
		lineage.byKey(source.name(), keysWithoutStatement).forEach((key, accesses) -> groups.put(syntheticRowId(key), accesses));
		Set<String> ids = new LinkedHashSet<>();
		statementIds.forEach(id -> ids.add(syntheticId(id)));
		keysWithoutStatement.forEach(key -> ids.add(syntheticRowId(key)));
		List<UsageFact> derived = new ArrayList<>();
		int statements = 0;
		for (var group : groups.entrySet()) {
			List<UsageFact> of = facts(source.own(), group.getKey(), group.getValue());
			derived.addAll(of);
			statements += of.isEmpty() ? 0 : 1;
		}
		facts.replace(source.name(), ids, derived);
		if (!ids.isEmpty()) {
			events.publishEvent(new FactsWritten(source.name(), ids, derived));
		}
		return statements;
	}

	private List<UsageFact> facts(OwnStatements own, String id, List<LineageAccess> accesses) {
		if (accesses.isEmpty()) {
			return List.of();
		}
		LineageAccess first = accesses.get(0);
		Instant eventTime = first.eventTime();
		for (LineageAccess access : accesses) {
			eventTime = access.eventTime().isBefore(eventTime) ? access.eventTime() : eventTime;
		}
		if (own.isOwn(first.createdBy(), null)) {
			return List.of();
		}
		StatementContext statement = new StatementContext(id, null, eventTime, first.createdBy(),
				source(first.entityType(), first.entityId()), null, null, false, null);
		List<UsageFact> facts = new ArrayList<>();
		LineageFacts.distinct(accesses)
			.values()
			.forEach(access -> facts.add(LineageFacts.fact(statement, null, access, facts.size(), zone)));
		return facts;
	}

	/** The query source kind a lineage entity stands for (Databricks' entity types, else the type as given). */
	static QuerySource source(String entityType, String entityId) {
		if (entityType == null || entityType.isBlank()) {
			return QuerySource.ADHOC;
		}
		String kind = switch (entityType.strip().toUpperCase(Locale.ROOT)) {
			case "NOTEBOOK" -> "NOTEBOOK";
			case "JOB" -> "JOB";
			case "PIPELINE" -> "PIPELINE";
			case "DASHBOARD", "DASHBOARD_V3" -> "DASHBOARD";
			case "DBSQL_DASHBOARD" -> "LEGACY_DASHBOARD";
			case "DBSQL_QUERY" -> "SQL_QUERY";
			case "ALERT" -> "ALERT";
			case "GENIE_SPACE", "GENIE" -> "GENIE_SPACE";
			default -> entityType.strip().toUpperCase(Locale.ROOT);
		};
		return new QuerySource(kind, entityId);
	}

}
