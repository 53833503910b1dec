package io.lakegov.watch.outbox;

import java.util.Collection;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** Stores raised events for delivery, in the transaction of what raised them. */
@Component
public class Outbox {

	private final OutboxRepository repository;

	private final WatchMetrics metrics;

	Outbox(OutboxRepository repository, WatchMetrics metrics) {
		this.repository = repository;
		this.metrics = metrics;
	}

	/** Stores the events a watch does not have yet; how many were new. */
	@Transactional(propagation = Propagation.MANDATORY)
	public int raise(Collection<RaisedEvent> events) {
		int stored = 0;
		for (RaisedEvent event : events) {
			if (repository.insert(event, Envelope.details(event.details())).isPresent()) {
				metrics.raised(event.type());
				stored++;
			}
		}
		return stored;
	}

}
