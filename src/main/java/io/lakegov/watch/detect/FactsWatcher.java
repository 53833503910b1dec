package io.lakegov.watch.detect;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.lakegov.catalog.Deprecation;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;
import io.lakegov.views.ViewPath;
import io.lakegov.watch.EventType;
import io.lakegov.watch.WatchProperties;
import io.lakegov.watch.outbox.Outbox;
import io.lakegov.watch.outbox.RaisedEvent;
import io.lakegov.web.Secrets;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Raises NEW_READER, NEW_WRITER and DEPRECATED_READ from the facts of an ingestion batch, inside its
 * transaction, so that an event is stored exactly when the facts that raised it are. The facts are matched in
 * memory against the watches (direct accesses by table name, reads of views through the {@link ViewIndex});
 * the store is asked only about the principals and tables that matched, in one query per event type. A watch
 * hears of accesses from its creation on; each event is stored once per (watch, key), so facts derived again
 * raise nothing new. A failure here never fails the batch ({@link Savepoints}): the batch commits with its
 * statements recorded for {@link Redetector} to raise their events later from their stored facts.
 */
@Component
class FactsWatcher {

	private final ActiveWatches active;

	private final ViewIndexes indexes;

	private final Novelty novelty;

	private final Outbox outbox;

	private final int windowDays;

	private final Savepoints savepoints;

	private final RecentAccesses recent;

	private final Redetections redetections;

	private final Duration window;

	FactsWatcher(ActiveWatches active, ViewIndexes indexes, Novelty novelty, Outbox outbox,
			WatchProperties properties, Savepoints savepoints, RecentAccesses recent, Redetections redetections) {
		this.redetections = redetections;
		this.savepoints = savepoints;
		this.recent = recent;
		this.window = Duration.ofDays(properties.windowDays());
		this.active = active;
		this.indexes = indexes;
		this.novelty = novelty;
		this.outbox = outbox;
		this.windowDays = properties.windowDays();
	}

	/** A principal's earliest access of the batch that concerns a watch, direct or along a view path. */
	private record Access(WatchSet.Active watch, EventType type, String table, UsageFact fact, ViewPath path) {
	}

	/** What one batch found: the earliest access per key, and the latest of each principal per table and role. */
	private record Gathered(Map<Key, Access> firsts, Map<RecentAccesses.Key, Instant> latest) {

		void keepFirst(Key key, Access access) {
			firsts.merge(key, access,
					(kept, other) -> other.fact().eventTime().isBefore(kept.fact().eventTime()) ? other : kept);
		}

		void keepLatest(String role, String table, UsageFact fact) {
			latest.merge(new RecentAccesses.Key(role, table, fact.userName()), fact.eventTime(),
					(a, b) -> a.isAfter(b) ? a : b);
		}

	}

	/** What a batch keeps the earliest access of; {@code day} only for DEPRECATED_READ (once per reader and day). */
	private record Key(long watch, EventType type, String table, String user, LocalDate day) {
	}

	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void factsWritten(FactsWritten event) {
		raise(event, failure -> redetections.recordFacts(event.source(), statements(event),
				Secrets.mask(String.valueOf(failure.getMessage()))));
	}

	/**
	 * Raises the events of the facts in the current transaction, behind a savepoint; after a failure, runs
	 * {@code afterFailure} behind another. Whether the events were raised (true when the facts concern no
	 * watch). Loading the watches is behind the savepoint too: a watch that cannot be read fails the events,
	 * never the batch.
	 */
	boolean raise(FactsWritten event, Consumer<RuntimeException> afterFailure) {
		if (event.facts().isEmpty()) {
			return true;
		}
		String what = "a batch of " + event.source();
		WatchSet held = active.fresh().orElse(null);
		if (held == null) {
			return savepoints.run(what, () -> {
				WatchSet watches = active.current();
				if (watches.wantsAny(EventType.FROM_FACTS)) {
					detect(event, watches);
				}
			}, afterFailure);
		}
		if (!held.wantsAny(EventType.FROM_FACTS)) {
			return true;
		}
		return savepoints.run(what, () -> detect(event, held), afterFailure);
	}

	/** The batch's statements, those whose facts were replaced and those that had none before. */
	private static Set<String> statements(FactsWritten event) {
		Set<String> statements = new LinkedHashSet<>(event.statements());
		event.facts().forEach(fact -> statements.add(fact.statementId()));
		return statements;
	}

	private void detect(FactsWritten event, WatchSet watches) {
		WatchSet.Matcher matcher = watches.matcher(EventType.FROM_FACTS);
		ViewIndex views = watches.wantsAny(ViewIndexes.READS) ? indexes.index(watches, event.facts()) : ViewIndex.EMPTY;
		Gathered gathered = new Gathered(new LinkedHashMap<>(), new HashMap<>());
		for (UsageFact fact : event.facts()) {
			boolean read = "READ".equals(fact.role());
			if (!read && !"WRITE".equals(fact.role())) {
				continue;
			}
			for (WatchSet.Active watch : matcher.matching(fact.tableName())) {
				consider(gathered, watches, watch, fact.tableName(), fact, null, read);
			}
			if (read) {
				for (ViewIndex.Reach reach : views.reaching(fact.tableName(), fact.businessDate())) {
					for (WatchSet.Active watch : matcher.matching(reach.table())) {
						consider(gathered, watches, watch, reach.table(), fact, reach.path(), true);
					}
				}
			}
		}
		recent.afterCommit(gathered.latest());
		Map<Key, Access> firsts = gathered.firsts();
		if (firsts.isEmpty()) {
			return;
		}
		List<RaisedEvent> raised = new ArrayList<>();
		raised.addAll(news(firsts, EventType.NEW_READER, "READ", views, event.source()));
		raised.addAll(news(firsts, EventType.NEW_WRITER, "WRITE", views, event.source()));
		firsts.values().stream().filter(access -> access.type() == EventType.DEPRECATED_READ).forEach(access -> {
			Deprecation mark = watches.deprecations().get(access.table());
			Map<String, Object> details = details(access, event.source());
			details.put("plannedDate", mark.plannedDate().toString());
			details.put("note", mark.note());
			details.put("markedAt", mark.markedAt().toString());
			details.put("markedBy", mark.markedBy());
			raised.add(event(access, details));
		});
		outbox.raise(raised);
	}

	private static void consider(Gathered gathered, WatchSet watches, WatchSet.Active watch, String table,
			UsageFact fact, ViewPath path, boolean read) {
		if (fact.eventTime().isBefore(watch.createdAt())) {
			return;
		}
		if (read && watch.events().contains(EventType.NEW_READER)) {
			gathered.keepFirst(new Key(watch.id(), EventType.NEW_READER, table, fact.userName(), null),
					new Access(watch, EventType.NEW_READER, table, fact, path));
			gathered.keepLatest("READ", table, fact);
		}
		if (!read && watch.events().contains(EventType.NEW_WRITER)) {
			gathered.keepFirst(new Key(watch.id(), EventType.NEW_WRITER, table, fact.userName(), null),
					new Access(watch, EventType.NEW_WRITER, table, fact, path));
			gathered.keepLatest("WRITE", table, fact);
		}
		Deprecation mark = watches.deprecations().get(table);
		if (read && mark != null && watch.events().contains(EventType.DEPRECATED_READ)
				&& !fact.eventTime().isBefore(mark.markedAt())) {
			gathered.keepFirst(new Key(watch.id(), EventType.DEPRECATED_READ, table, fact.userName(), fact.businessDate()),
					new Access(watch, EventType.DEPRECATED_READ, table, fact, path));
		}
	}

	/** The accesses of the type whose principal had no access of the role in the window before. */
	private List<RaisedEvent> news(Map<Key, Access> firsts, EventType type, String role, ViewIndex views,
			String source) {
		// a principal this replica saw commit an access inside the window needs no look at the store
		List<Access> accesses = firsts.values()
			.stream()
			.filter(access -> access.type() == type)
			.filter(access -> !recent.seen(new RecentAccesses.Key(role, access.table(), access.fact().userName()),
					access.fact().eventTime(), window))
			.toList();
		List<Novelty.Candidate> candidates = accesses.stream().map(access -> {
			Set<String> names = new HashSet<>();
			names.add(access.table());
			if (type == EventType.NEW_READER) {
				names.addAll(views.viewsOf(access.table()));
			}
			return new Novelty.Candidate(names, access.fact().userName(), access.fact().eventTime(),
					access.fact().businessDate());
		}).toList();
		Set<Integer> seen = novelty.seenBefore(candidates, role, windowDays);
		List<Access> fresh = new ArrayList<>();
		for (int i = 0; i < accesses.size(); i++) {
			if (!seen.contains(i)) {
				fresh.add(accesses.get(i));
			}
		}
		// an access that arrived after a later one of the principal already raised the event is no news
		Set<Integer> raisedLater = novelty.raisedLater(fresh.stream()
			.map(access -> new Novelty.Raised(access.watch().id(), prefix(access), access.fact().businessDate()))
			.toList(), windowDays);
		List<RaisedEvent> raised = new ArrayList<>();
		for (int i = 0; i < fresh.size(); i++) {
			if (!raisedLater.contains(i)) {
				Access access = fresh.get(i);
				Map<String, Object> details = details(access, source);
				details.put("windowDays", windowDays);
				raised.add(event(access, details));
			}
		}
		return raised;
	}

	private static RaisedEvent event(Access access, Map<String, Object> details) {
		return new RaisedEvent(access.watch().id(), access.type().name(),
				prefix(access) + access.fact().businessDate(), details);
	}

	/** The event's key up to its business day: type, table and principal. */
	private static String prefix(Access access) {
		return String.join("|", access.type().name(), access.table(), access.fact().userName()) + "|";
	}

	private static Map<String, Object> details(Access access, String source) {
		UsageFact fact = access.fact();
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("table", access.table());
		details.put("principal", fact.userName());
		details.put("at", fact.eventTime().toString());
		details.put("businessDate", fact.businessDate().toString());
		details.put("statementId", fact.statementId());
		details.put("source", source);
		details.put("sourceKind", fact.sourceKind());
		if (!fact.sourceId().isEmpty()) {
			details.put("sourceId", fact.sourceId());
		}
		details.put("access", access.path() == null ? "DIRECT" : "VIA");
		if (access.path() != null) {
			details.put("views", access.path().views());
			details.put("path", access.path().path() + ViewPath.ARROW + fact.userName());
		}
		details.put("witness", fact.witness());
		return details;
	}

}
