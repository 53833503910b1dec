package io.lakegov.ingest.batch;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.analysis.AnalysisProperties;
import io.lakegov.sql.TableName;
import io.lakegov.usage.ShareEvent;
import io.lakegov.usage.UsageFact;
import io.lakegov.usage.UsageProperties;

import org.springframework.stereotype.Component;

/**
 * Turns a statement's analysis into usage facts and share events: names resolved with the session's
 * {@code USE} state, then the configured defaults; temporary views of the session dropped; the business date
 * taken in the business time zone.
 */
@Component
public class FactDeriver {

	private final String defaultCatalog;

	private final String defaultSchema;

	private final ZoneId zone;

	FactDeriver(AnalysisProperties analysis, UsageProperties usage) {
		this.defaultCatalog = analysis.defaultCatalog();
		this.defaultSchema = analysis.defaultSchema();
		this.zone = usage.timeZone();
	}

	public ZoneId zone() {
		return zone;
	}

	/** The facts, the share events and the defaults names were resolved with. */
	record Derived(List<UsageFact> facts, List<ShareEvent> shareEvents, String catalog, String schema) {
	}

	Derived derive(StatementContext statement, StoredAnalysis analysis, SessionEvents.State session) {
		String catalog = session.catalog() != null ? session.catalog() : defaultCatalog;
		String schema = session.schema() != null ? session.schema() : defaultSchema;
		List<UsageFact> facts = new ArrayList<>();
		if (statement.own()) {
			return new Derived(facts, List.of(), catalog, schema);
		}
		Set<String> seen = new LinkedHashSet<>();
		for (StoredAnalysis.Access access : analysis.accesses()) {
			TableName name = new TableName(access.name());
			if (name.parts().size() == 1 && session.temporaryViews().contains(name.parts().get(0))) {
				continue;
			}
			TableName resolved = name.resolve(catalog, schema);
			String key = resolved.qualified() + '\u0001' + access.role() + '\u0001' + access.timeTravelKind() + '\u0001'
					+ access.timeTravelValue();
			if (!seen.add(key)) {
				continue;
			}
			facts.add(new UsageFact(statement.statementId(), facts.size(), resolved.qualified(),
					new TableName(access.written()).qualified(), resolved.isFullyQualified(), access.role(),
					analysis.kind(), access.timeTravelKind(), access.timeTravelValue(), access.timeTravelSyntax(),
					statement.user(), statement.eventTime(), statement.eventTime().atZone(zone).toLocalDate(),
					statement.source().kind(), statement.source().id(), statement.executionStatus()));
		}
		return new Derived(facts, shareEvents(statement, analysis, catalog, schema), catalog, schema);
	}

	private static List<ShareEvent> shareEvents(StatementContext statement, StoredAnalysis analysis, String catalog,
			String schema) {
		List<ShareEvent> events = new ArrayList<>(analysis.shareChanges().size());
		for (StoredAnalysis.ShareChange change : analysis.shareChanges()) {
			String table = change.name() == null ? null
					: new TableName(change.name()).resolve(catalog, schema).qualified();
			events.add(new ShareEvent(statement.statementId(), events.size(), change.action(), change.share(), table,
					change.alias(), change.withHistory(), change.renamedTo(), statement.user(), statement.eventTime(),
					statement.executionStatus()));
		}
		return events;
	}

}
