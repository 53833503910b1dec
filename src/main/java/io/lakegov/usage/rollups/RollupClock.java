package io.lakegov.usage.rollups;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * Times each rollup's upkeep ({@code lakegov.ingest.rollup}, tagged with the rollup), so that an operator
 * and the ingestion bench can tell which one a slow batch spent its time on.
 */
@Component
public class RollupClock {

	private final MeterRegistry registry;

	private final Map<String, Timer> timers = new ConcurrentHashMap<>();

	RollupClock(MeterRegistry registry) {
		this.registry = registry;
	}

	/** Runs one rollup's upkeep and adds its time to that rollup's timer. */
	public void time(String rollup, Runnable upkeep) {
		timers.computeIfAbsent(rollup,
				name -> Timer.builder("lakegov.ingest.rollup").tag("rollup", name).register(registry))
			.record(upkeep);
	}

}
