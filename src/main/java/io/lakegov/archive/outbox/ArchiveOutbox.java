package io.lakegov.archive.outbox;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.usage.DetailReplaced;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Queues for the archive every statement whose stored detail changed, in the transaction that changed it, so
 * that the statement is queued exactly when the change commits: one insert per batch, nothing read. Every
 * replica queues, with the archive enabled or not, for each source whose archive exists: a replica deployed
 * without the archive, or the archive turned off for a while, leaves nothing out of it. An archive no replica
 * writing it has looked at for a week is retired, so that the outbox of an archive turned off for good does
 * not grow.
 */
@Component
class ArchiveOutbox {

	private static final Logger log = LoggerFactory.getLogger(ArchiveOutbox.class);

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

	/** Retires the archives no replica writes any more, once an hour on every replica. */
	@Scheduled(initialDelayString = "PT1H", fixedDelayString = "PT1H")
	void retireAbandoned() {
		try {
			List<String> retired = repository.retireAbandoned();
			if (!retired.isEmpty()) {
				log.info("Retired the lakehouse archive of {}: no replica with lakegov.archive.enabled looked at it "
						+ "for {}; its outbox is dropped, and enabling the archive again queues all the store holds",
						retired, ArchiveOutboxRepository.ABANDONED_AFTER);
			}
		}
		catch (DataAccessException | TransactionException ex) {
			log.warn("Could not retire abandoned archives: {}", ex.getMostSpecificCause().getMessage());
		}
	}

}
