package io.lakegov.watch.outbox;

import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * The watches' meters: {@code lakegov.watch.events} (events stored, by type),
 * {@code lakegov.watch.deliveries} (attempts, by outcome) and {@code lakegov.watch.outbox.age} (seconds the
 * oldest pending event has waited, as the last look at the outbox found it).
 */
@Component
public class WatchMetrics {

	private final MeterRegistry registry;

	private final AtomicLong outboxAge = new AtomicLong();

	WatchMetrics(MeterRegistry registry) {
		this.registry = registry;
		Gauge.builder("lakegov.watch.outbox.age", outboxAge, AtomicLong::get)
			.description("Seconds the oldest event still to be delivered has waited")
			.baseUnit("seconds")
			.register(registry);
	}

	void raised(String type) {
		Counter.builder("lakegov.watch.events")
			.description("Watch events stored for delivery")
			.tag("type", type)
			.register(registry)
			.increment();
	}

	void delivered(String outcome) {
		delivered(outcome, 1);
	}

	/** Attempts with an outcome, and events given up unsent ({@code FAILED}) behind a failing receiver. */
	void delivered(String outcome, int count) {
		Counter.builder("lakegov.watch.deliveries")
			.description("Attempts to deliver watch events")
			.tag("outcome", outcome)
			.register(registry)
			.increment(count);
	}

	void outboxAge(long seconds) {
		outboxAge.set(seconds);
	}

}
