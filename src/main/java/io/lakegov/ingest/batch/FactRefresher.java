package io.lakegov.ingest.batch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.HistorySource;
import io.lakegov.ingest.columns.ColumnFactDeriver;
import io.lakegov.ingest.lineage.EngineLineageStore;
import io.lakegov.ingest.lineage.LineageAccess;
import io.lakegov.ingest.lineage.LineageDisagreements;
import io.lakegov.ingest.lineage.LineageFacts;
import io.lakegov.ingest.lineage.LineageOnlyStatements;
import io.lakegov.usage.ColumnFact;
import io.lakegov.usage.ColumnFactRepository;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.ShareEvent;
import io.lakegov.usage.ShareRepository;
import io.lakegov.usage.UsageFact;
import io.lakegov.usage.UsageFactRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Derives the usage facts of statements anew: analyses their texts (once per text), records what they
 * did to their sessions, re-resolves later statements of a session whose {@code USE} history changed,
 * and replaces the facts and rollups of all of them. Each call works on the statements of one source.
 */
@Component
public class FactRefresher {

	/** The analysis status of lakegov's own statements: stored, never usage. */
	public static final String OWN_STATEMENT = "OWN_STATEMENT";

	private final AnalysisStore analyses;

	private final SessionEvents sessions;

	private final HistoryStore history;

	private final PendingStatements pending;

	private final FactDeriver deriver;

	private final UsageFactRepository facts;

	private final EngineLineageStore lineage;

	private final LineageDisagreements disagreements;

	private final ShareRepository shares;

	private final ColumnFactDeriver columnDeriver;

	private final ColumnFactRepository columnFacts;

	private final Timer analysisTime;

	private final Timer factsTime;

	private final ApplicationEventPublisher events;

	FactRefresher(AnalysisStore analyses, SessionEvents sessions, HistoryStore history, PendingStatements pending,
			FactDeriver deriver, UsageFactRepository facts, EngineLineageStore lineage,
			LineageDisagreements disagreements, ShareRepository shares, ColumnFactDeriver columnDeriver,
			ColumnFactRepository columnFacts, MeterRegistry registry, ApplicationEventPublisher events) {
		this.events = events;
		this.columnDeriver = columnDeriver;
		this.columnFacts = columnFacts;
		this.analysisTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "analysis").register(registry);
		this.factsTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "facts").register(registry);
		this.analyses = analyses;
		this.sessions = sessions;
		this.history = history;
		this.pending = pending;
		this.deriver = deriver;
		this.facts = facts;
		this.lineage = lineage;
		this.disagreements = disagreements;
		this.shares = shares;
	}

	/**
	 * A statement whose facts are to be derived, with its text; without it when the caller knows the text's
	 * analysis already, or when the store no longer holds the raw text.
	 */
	public record Pending(StatementContext context, @Nullable String text) {
	}

	/** How many texts were parsed anew and how many of the refreshed statements could not be analysed. */
	record Outcome(int analysed, int unanalysable, int refreshed) {
	}

	/**
	 * What derivation found, before anything but session events is written: how each statement was derived,
	 * its facts, where its two witnesses disagree, and the statements of lineage alone that its lineage
	 * stood for until its history arrived ({@code superseded}).
	 */
	record Derived(Map<String, PendingStatements.Derivation> derivations, List<UsageFact> facts,
			List<ShareEvent> shareEvents, List<ColumnFact> columnFacts, int analysed, int unanalysable, Set<String> unseen,
			List<LineageDisagreements.Disagreement> disagreements, Set<String> superseded) {
	}

	/** Derives and writes the facts of statements that are already stored (re-analysis). */
	@Transactional(propagation = Propagation.MANDATORY)
	public Outcome refresh(HistorySource source, Collection<Pending> statements) {
		Derived derived = derive(source, statements, Set.of(), Map.of());
		write(source.name(), derived, Set.of());
		return new Outcome(derived.analysed(), derived.unanalysable(), derived.derivations().size());
	}

	/**
	 * Records how the statements were derived (except those whose history rows the caller writes with their
	 * derivation) and replaces their facts and the rollups they touch.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	void write(String source, Derived derived, Set<String> recordedByCaller) {
		List<PendingStatements.Derivation> toRecord = derived.derivations()
			.values()
			.stream()
			.filter(derivation -> !recordedByCaller.contains(derivation.statementId()))
			.toList();
		pending.recordDerivations(source, toRecord);
		Set<String> stored = new HashSet<>(derived.derivations().keySet());
		stored.removeAll(derived.unseen());
		stored.addAll(derived.superseded());
		factsTime.record(() -> {
			facts.replace(source, stored, derived.facts());
			shares.replace(source, stored, derived.shareEvents());
			columnFacts.replace(source, stored, derived.columnFacts());
		});
		events.publishEvent(new FactsWritten(source, written(derived), derived.facts()));
		disagreements.replace(source, derived.derivations().keySet(), derived.disagreements());
	}

	private static Set<String> written(Derived derived) {
		Set<String> written = new HashSet<>(derived.derivations().keySet());
		written.addAll(derived.superseded());
		return written;
	}

	/**
	 * Analyses the statements, records what they did to their sessions, and derives their facts, together
	 * with those of stored statements whose session context they changed. {@code unseen} names statements
	 * the store has never had, whose (absent) facts and session events need no replacing; {@code known}
	 * holds analyses (by text hash) the caller already has.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	Derived derive(HistorySource source, Collection<Pending> statements, Set<String> unseen,
			Map<String, StoredAnalysis> known) {
		if (statements.isEmpty()) {
			return new Derived(Map.of(), List.of(), List.of(), List.of(), 0, 0, unseen, List.of(), Set.of());
		}
		Map<String, Pending> all = new LinkedHashMap<>();
		statements.forEach(statement -> all.put(statement.context().statementId(), statement));
		Map<String, String> texts = texts(all.values());
		texts.keySet().removeAll(known.keySet());
		AnalysisStore.Lookup lookup = analysisTime.record(() -> analyses.analyses(texts));
		int analysed = lookup.analysed();
		Map<String, StoredAnalysis> byHash = new HashMap<>(known);
		byHash.putAll(lookup.byHash());

		Map<String, Instant> changedSessions = recordSessionEvents(source.name(), all.values(), byHash, unseen);
		List<String> followers = history.statementsInSessionsAfter(source.name(), changedSessions);
		followers.removeIf(all::containsKey);
		if (!followers.isEmpty()) {
			List<Pending> loaded = pending.load(source, followers);
			AnalysisStore.Lookup more = analyses.analyses(texts(loaded));
			analysed += more.analysed();
			byHash.putAll(more.byHash());
			loaded.forEach(statement -> all.put(statement.context().statementId(), statement));
		}

		Set<String> sessionIds = new HashSet<>();
		all.values().forEach(statement -> {
			if (statement.context().sessionId() != null) {
				sessionIds.add(statement.context().sessionId());
			}
		});
		Map<String, List<SessionEvents.Event>> events = sessions.load(source.name(), sessionIds);
		Map<String, List<LineageAccess>> witnessed = lineage.byStatement(source.name(),
				LineageFacts.lineageIds(all.values()));
		List<LineageDisagreements.Disagreement> disagreed = new ArrayList<>();
		Set<String> superseded = new HashSet<>();
		List<UsageFact> derivedFacts = new ArrayList<>();
		List<ShareEvent> shareEvents = new ArrayList<>();
		List<ColumnFactDeriver.Input> columnInputs = new ArrayList<>();
		Map<String, PendingStatements.Derivation> derivations = new LinkedHashMap<>();
		int unanalysable = 0;
		for (Pending statement : all.values()) {
			StatementContext context = statement.context();
			StoredAnalysis analysis = byHash.get(context.textHash() == null ? AnalysisStore.NO_TEXT : context.textHash());
			if (analysis == null) {
				continue;
			}
			if (analysis.unanalysable() && !context.own()) {
				unanalysable++;
			}
			var state = context.sessionId() == null ? SessionEvents.State.NONE
					: SessionEvents.stateAt(events.get(context.sessionId()), context.eventTime());
			FactDeriver.Derived derived = deriver.derive(context, analysis, state);
			List<LineageAccess> seen = LineageFacts.lineageOf(context, witnessed);
			if (witnessed.containsKey(context.statementId())) {
				superseded.add(LineageOnlyStatements.syntheticId(context.statementId()));
			}
			LineageFacts.Merged merged = LineageFacts.merge(context, analysis, derived.facts(), seen, deriver.zone());
			derivedFacts.addAll(merged.facts());
			shareEvents.addAll(derived.shareEvents());
			if (merged.disagreement() != null) {
				disagreed.add(merged.disagreement());
			}
			columnInputs.add(new ColumnFactDeriver.Input(context, analysis, derived.catalog(), derived.schema(),
					state.temporaryViews()));
			derivations.put(context.statementId(), new PendingStatements.Derivation(context.statementId(),
					context.own() ? OWN_STATEMENT : analysis.status(), derived.catalog(), derived.schema()));
		}
		return new Derived(derivations, derivedFacts, shareEvents, columnDeriver.derive(columnInputs), analysed,
				unanalysable, unseen, disagreed, superseded);
	}

	private Map<String, Instant> recordSessionEvents(String source, Collection<Pending> statements,
			Map<String, StoredAnalysis> byHash, Set<String> unseen) {
		List<String> ids = new ArrayList<>();
		List<SessionEvents.Event> events = new ArrayList<>();
		Map<String, Instant> earliest = new HashMap<>();
		for (Pending statement : statements) {
			StatementContext context = statement.context();
			StoredAnalysis analysis = byHash.get(context.textHash() == null ? AnalysisStore.NO_TEXT : context.textHash());
			if (context.sessionId() == null || analysis == null) {
				continue;
			}
			if (!unseen.contains(context.statementId())) {
				ids.add(context.statementId());
			}
			if (analysis.setsSession() || !analysis.temporaryViews().isEmpty()) {
				events.add(new SessionEvents.Event(context.sessionId(), context.eventTime(), context.statementId(),
						analysis.setsSession(), analysis.useCatalog(), analysis.useSchema(), analysis.temporaryViews()));
				earliest.merge(context.sessionId(), context.eventTime(), (a, b) -> a.isBefore(b) ? a : b);
			}
		}
		sessions.replace(source, ids, events);
		return earliest;
	}

	private static Map<String, String> texts(Collection<Pending> statements) {
		Map<String, String> texts = new HashMap<>();
		for (Pending statement : statements) {
			String hash = statement.context().textHash();
			texts.put(hash == null ? AnalysisStore.NO_TEXT : hash, statement.text());
		}
		return texts;
	}

}
