package io.lakegov.ingest.lineage;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.ingest.batch.FactRefresher;
import io.lakegov.ingest.batch.StatementContext;
import io.lakegov.ingest.batch.StoredAnalysis;
import io.lakegov.sql.TableName;
import io.lakegov.usage.UsageFact;

/**
 * Reconciles a statement's two witnesses: the facts parsed from its text and the accesses the engine's
 * lineage recorded for it. A statement whose text could not be read (masked, empty, unanalysable) rests on
 * its lineage alone; one both witnesses saw gets the union, each fact saying who saw it, and a
 * disagreement when a table was seen by one side only. Lineage records no time travel, and names tables
 * in full: a parsed one- or two-part name that ends the lineage's name is the same table, and takes the
 * lineage's full name.
 */
public final class LineageFacts {

	private LineageFacts() {
	}

	/** The reconciled facts, and the disagreement when the witnesses saw different tables (else null). */
	public record Merged(List<UsageFact> facts, LineageDisagreements.Disagreement disagreement) {
	}

	public static Merged merge(StatementContext statement, StoredAnalysis analysis, List<UsageFact> parsed,
			List<LineageAccess> lineage, ZoneId zone) {
		if (statement.own() || lineage.isEmpty()) {
			return new Merged(parsed, null);
		}
		Map<String, LineageAccess> seen = distinct(lineage);
		List<UsageFact> facts = new ArrayList<>();
		if (analysis.unanalysable()) {
			seen.values().forEach(access -> facts.add(fact(statement, analysis.kind(), access, facts.size(), zone)));
			return new Merged(facts, null);
		}
		Set<String> matched = new LinkedHashSet<>();
		Set<String> parsedTables = new LinkedHashSet<>();
		boolean parsedOnly = false;
		for (UsageFact fact : parsed) {
			if (!"READ".equals(fact.role()) && !"WRITE".equals(fact.role())) {
				facts.add(fact.witnessed(UsageFact.PARSED, fact.tableName(), fact.fullyQualified(), facts.size()));
				continue;
			}
			parsedTables.add(fact.role() + ' ' + fact.tableName());
			LineageAccess match = match(fact, seen.values());
			if (match == null) {
				parsedOnly = true;
				facts.add(fact.witnessed(UsageFact.PARSED, fact.tableName(), fact.fullyQualified(), facts.size()));
			}
			else {
				matched.add(key(match));
				String name = fact.fullyQualified() ? fact.tableName() : match.table();
				facts.add(fact.witnessed(UsageFact.BOTH, name, true, facts.size()));
			}
		}
		boolean lineageOnly = false;
		for (var entry : seen.entrySet()) {
			if (!matched.contains(entry.getKey())) {
				lineageOnly = true;
				facts.add(fact(statement, analysis.kind(), entry.getValue(), facts.size(), zone));
			}
		}
		LineageDisagreements.Disagreement disagreement = parsedOnly || lineageOnly
				? new LineageDisagreements.Disagreement(statement.statementId(), statement.eventTime(), statement.user(),
						List.copyOf(parsedTables), seen.keySet().stream().toList())
				: null;
		return new Merged(facts, disagreement);
	}

	/** The lineage's accesses, one per role and table, by {@code "ROLE table"}. */
	static Map<String, LineageAccess> distinct(List<LineageAccess> lineage) {
		Map<String, LineageAccess> seen = new LinkedHashMap<>();
		lineage.forEach(access -> seen.putIfAbsent(key(access), access));
		return seen;
	}

	private static String key(LineageAccess access) {
		return access.role() + ' ' + access.table();
	}

	private static LineageAccess match(UsageFact fact, Iterable<LineageAccess> lineage) {
		String name = fact.tableName();
		for (LineageAccess access : lineage) {
			if (!access.role().equals(fact.role())) {
				continue;
			}
			if (access.table().equals(name) || !fact.fullyQualified() && access.table().endsWith("." + name)
					|| samePath(access.table(), name)) {
				return access;
			}
		}
		return null;
	}

	/** A path is the same table whatever format the statement named it with. */
	private static boolean samePath(String lineage, String parsed) {
		if (!TableName.isPath(lineage) || !TableName.isPath(parsed)) {
			return false;
		}
		return lineage.substring(lineage.indexOf('.') + 1).equals(parsed.substring(parsed.indexOf('.') + 1));
	}

	/** A fact of the statement that rests on its lineage alone. */
	static UsageFact fact(StatementContext statement, String kind, LineageAccess access, int accessNo, ZoneId zone) {
		return new UsageFact(statement.statementId(), accessNo, access.table(), access.table(), true, access.role(), kind,
				null, null, null, statement.user(), statement.eventTime(), statement.eventTime().atZone(zone).toLocalDate(),
				statement.source().kind(), statement.source().id(), statement.executionStatus(), UsageFact.ENGINE_LINEAGE);
	}

	/** The ids whose lineage the statements may have: their own, and for cache hits their origin's. */
	public static Set<String> lineageIds(Collection<FactRefresher.Pending> statements) {
		Set<String> ids = new HashSet<>();
		for (FactRefresher.Pending statement : statements) {
			ids.add(statement.context().statementId());
			if (statement.context().cacheOrigin() != null) {
				ids.add(statement.context().cacheOrigin());
			}
		}
		return ids;
	}

	/** A statement's own lineage, or for a result-cache hit without any, that of the statement it reused. */
	public static List<LineageAccess> lineageOf(StatementContext context, Map<String, List<LineageAccess>> witnessed) {
		List<LineageAccess> own = witnessed.get(context.statementId());
		if (own != null) {
			return own;
		}
		return context.cacheOrigin() == null ? List.of() : witnessed.getOrDefault(context.cacheOrigin(), List.of());
	}

}
