package io.lakegov.openlineage.outbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.openlineage.OpenLineageProperties;
import io.lakegov.openlineage.event.RunEventFactory;
import io.lakegov.usage.DetailReplaced;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Records the OpenLineage events a batch of facts calls for, inside the batch's transaction, so that an event is
 * stored exactly when the facts it tells of are: one row per finished statement that read or wrote a table, in
 * one statement for the whole batch, and the events of statements that had tables and now have none, once
 * more (without them); nothing else (no consumer is asked, so one that is down never slows
 * ingestion). Behind a savepoint: a failure here is logged and counted
 * ({@code lakegov.openlineage.enqueue.failures}) and the batch commits without its events, which a backfill
 * recovers. Statements whose column facts are resolved again to other columns are sent once more the same way.
 */
@Component
class FactsListener {

	private static final Logger log = LoggerFactory.getLogger(FactsListener.class);

	private final OpenLineageProperties properties;

	private final FeedOutbox outbox;

	private final FeedMetrics metrics;

	private final TransactionTemplate nested;

	FactsListener(OpenLineageProperties properties, FeedOutbox outbox, FeedMetrics metrics,
			PlatformTransactionManager transactions) {
		this.properties = properties;
		this.outbox = outbox;
		this.metrics = metrics;
		this.nested = new TransactionTemplate(transactions);
		this.nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
	}

	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void factsWritten(FactsWritten event) {
		if (!properties.enabled() || event.statements().isEmpty()) {
			return;
		}
		List<FeedOutbox.Due> due = due(event.facts());
		Set<String> withoutTables = withoutTables(event.statements(), event.facts());
		if (due.isEmpty() && withoutTables.isEmpty()) {
			return;
		}
		try {
			int stored = nested.execute(status -> record(event.source(), due, withoutTables));
			metrics.enqueued(stored);
		}
		catch (RuntimeException ex) {
			metrics.enqueueFailed();
			log.warn("OpenLineage events of a batch of {} were not recorded (a backfill re-emits them): {}",
					event.source(), Secrets.mask(String.valueOf(ex.getMessage())), Secrets.masked(ex));
		}
	}

	/**
	 * Sends the events of statements whose columns were resolved again to other columns once more, with the column
	 * lineage they have now; behind a savepoint as a batch's events (a backfill recovers them).
	 */
	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void detailReplaced(DetailReplaced event) {
		if (!properties.enabled() || event.statements().isEmpty()) {
			return;
		}
		try {
			int stored = nested.execute(status -> outbox.resend(event.source(), event.statements()));
			metrics.enqueued(stored);
		}
		catch (RuntimeException ex) {
			metrics.enqueueFailed();
			log.warn("OpenLineage events of {} statements of {} whose columns were resolved again were not recorded "
					+ "(a backfill re-emits them): {}", event.statements().size(), event.source(),
					Secrets.mask(String.valueOf(ex.getMessage())), Secrets.masked(ex));
		}
	}

	private int record(String source, List<FeedOutbox.Due> due, Set<String> withoutTables) {
		int recorded = due.isEmpty() ? 0 : outbox.enqueue(source, due);
		return recorded + (withoutTables.isEmpty() ? 0 : outbox.retract(source, withoutTables));
	}

	/**
	 * The statements that now read and write no table: those whose earlier event named tables are sent again
	 * without them.
	 */
	static Set<String> withoutTables(Set<String> statements, List<UsageFact> facts) {
		Set<String> without = new HashSet<>(statements);
		for (UsageFact fact : facts) {
			if ("READ".equals(fact.role()) || "WRITE".equals(fact.role())) {
				without.remove(fact.statementId());
			}
		}
		return without;
	}

	/** One row per finished statement with reads or writes, oldest first. */
	static List<FeedOutbox.Due> due(List<UsageFact> facts) {
		Map<String, List<UsageFact>> byStatement = new LinkedHashMap<>();
		for (UsageFact fact : facts) {
			if ("READ".equals(fact.role()) || "WRITE".equals(fact.role())) {
				byStatement.computeIfAbsent(fact.statementId(), id -> new ArrayList<>()).add(fact);
			}
		}
		List<FeedOutbox.Due> due = new ArrayList<>();
		byStatement.forEach((statement, of) -> {
			if (RunEventFactory.eventType(of.get(0).executionStatus()) != null) {
				Instant start = of.stream().map(UsageFact::eventTime).min(Comparator.naturalOrder()).orElseThrow();
				due.add(new FeedOutbox.Due(statement, EventDigest.of(of), start));
			}
		});
		due.sort(Comparator.comparing(FeedOutbox.Due::eventTime).thenComparing(FeedOutbox.Due::statementId));
		return due;
	}

}
