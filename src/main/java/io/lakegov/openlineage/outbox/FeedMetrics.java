package io.lakegov.openlineage.outbox;

import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * The OpenLineage feed's meters: {@code lakegov.openlineage.events} (events recorded, sent, rejected, skipped,
 * and failed attempts, by {@code outcome}), {@code lakegov.openlineage.backlog} (events waiting, as the
 * sender's last look found them) and {@code lakegov.openlineage.enqueue.failures} (batches whose events could
 * not be recorded).
 */
@Component
class FeedMetrics {

	private final MeterRegistry registry;

	private final AtomicLong backlog = new AtomicLong();

	private final Counter enqueueFailures;

	FeedMetrics(MeterRegistry registry) {
		this.registry = registry;
		Gauge.builder("lakegov.openlineage.backlog", backlog, AtomicLong::get)
			.description("OpenLineage events recorded and not sent yet")
			.register(registry);
		this.enqueueFailures = Counter.builder("lakegov.openlineage.enqueue.failures")
			.description("Ingestion batches whose OpenLineage events could not be recorded")
			.register(registry);
	}

	void enqueued(int events) {
		count("enqueued", events);
	}

	void enqueueFailed() {
		enqueueFailures.increment();
	}

	void outcome(String outcome) {
		count(outcome, 1);
	}

	void backlog(long events) {
		backlog.set(events);
	}

	private void count(String outcome, int events) {
		Counter.builder("lakegov.openlineage.events")
			.description("OpenLineage events by what happened to them")
			.tag("outcome", outcome)
			.register(registry)
			.increment(events);
	}

}
