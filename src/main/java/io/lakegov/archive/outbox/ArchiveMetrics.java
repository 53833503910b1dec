package io.lakegov.archive.outbox;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * The archive's meters, per source: {@code lakegov.archive.backlog} (statements queued and not yet written),
 * {@code lakegov.archive.backlog.age} (seconds the oldest has waited), {@code lakegov.archive.failures} (failures
 * in a row, 0 while writing works), {@code lakegov.archive.statements} (statements written) and
 * {@code lakegov.archive.write} (how long writing a batch took), {@code lakegov.archive.set.aside} (statements
 * the warehouse refused alone, still queued) and {@code lakegov.archive.refusals} (times a statement was set
 * aside), as the last pass found them.
 */
@Component
class ArchiveMetrics {

	private final MeterRegistry registry;

	private final Map<String, AtomicLong> backlog = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> age = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> failures = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> setAside = new ConcurrentHashMap<>();

	ArchiveMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	void observe(List<ArchiveOutboxRepository.State> states) {
		long now = System.currentTimeMillis();
		for (ArchiveOutboxRepository.State state : states) {
			gauge(backlog, "lakegov.archive.backlog", "Statements queued for the archive and not yet written", "statements",
					state.source()).set(state.backlog());
			gauge(age, "lakegov.archive.backlog.age", "Seconds the oldest statement queued for the archive has waited",
					"seconds", state.source())
				.set(state.oldestQueuedAt() == null ? 0 : Math.max(0, (now - state.oldestQueuedAt().toEpochMilli()) / 1000));
			gauge(failures, "lakegov.archive.failures", "Failed attempts in a row to write the archive", "attempts",
					state.source()).set(state.failures());
			gauge(setAside, "lakegov.archive.set.aside", "Statements the archive's warehouse refused alone, still queued",
					"statements", state.source()).set(state.setAside());
		}
	}

	void written(String source, int statements, Duration took) {
		Counter.builder("lakegov.archive.statements")
			.description("Statements written to the archive")
			.tag("source", source)
			.register(registry)
			.increment(statements);
		Timer.builder("lakegov.archive.write")
			.description("Time to write a batch of statements to the archive")
			.tag("source", source)
			.register(registry)
			.record(took);
	}

	void setAside(String source) {
		Counter.builder("lakegov.archive.refusals")
			.description("Times a statement the archive's warehouse refused alone was set aside")
			.tag("source", source)
			.register(registry)
			.increment();
	}

	void failed(String source) {
		gauge(failures, "lakegov.archive.failures", "Failed attempts in a row to write the archive", "attempts", source)
			.incrementAndGet();
	}

	private AtomicLong gauge(Map<String, AtomicLong> values, String name, String description, String unit,
			String source) {
		return values.computeIfAbsent(source, key -> {
			AtomicLong value = new AtomicLong();
			Gauge.builder(name, value, AtomicLong::get)
				.description(description)
				.baseUnit(unit)
				.tag("source", key)
				.register(registry);
			return value;
		});
	}

}
