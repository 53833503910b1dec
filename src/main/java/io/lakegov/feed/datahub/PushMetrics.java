package io.lakegov.feed.datahub;

import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * The DataHub push's meters: {@code lakegov.datahub.proposals} (proposals posted to GMS, by outcome: ACCEPTED,
 * REFUSED by GMS and skipped, FAILED and retried later) and {@code lakegov.datahub.pending.days} (closed days not
 * pushed yet, as the last look found them).
 */
@Component
class PushMetrics {

	private final MeterRegistry registry;

	private final AtomicLong pending = new AtomicLong();

	PushMetrics(MeterRegistry registry) {
		this.registry = registry;
		Gauge.builder("lakegov.datahub.pending.days", pending, AtomicLong::get)
			.description("Closed business days whose usage is not pushed to DataHub yet")
			.register(registry);
	}

	void posted(String outcome) {
		Counter.builder("lakegov.datahub.proposals")
			.description("Usage proposals posted to DataHub GMS")
			.tag("outcome", outcome)
			.register(registry)
			.increment();
	}

	void pending(long days) {
		pending.set(days);
	}

}
