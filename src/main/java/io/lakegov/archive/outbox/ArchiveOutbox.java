package io.lakegov.archive.outbox;

import java.util.HashSet;
import java.util.Set;

import io.lakegov.usage.DetailReplaced;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Queues for the archive every statement whose stored detail changed, in the transaction that changed it, so
 * that the statement is queued exactly when the change commits: one insert per batch, nothing read.
 */
@Component
@ConditionalOnProperty(name = "lakegov.archive.enabled", havingValue = "true")
class ArchiveOutbox {

	private final ArchiveOutboxRepository repository;

	ArchiveOutbox(ArchiveOutboxRepository repository) {
		this.repository = repository;
	}

	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void factsWritten(FactsWritten event) {
		Set<String> statements = new HashSet<>(event.statements());
		for (UsageFact fact : event.facts()) {
			statements.add(fact.statementId());
		}
		repository.queue(event.source(), statements);
	}

	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void detailReplaced(DetailReplaced event) {
		repository.queue(event.source(), event.statements());
	}

}
