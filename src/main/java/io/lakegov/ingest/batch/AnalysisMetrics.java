package io.lakegov.ingest.batch;

import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * How ingestion's analyses are found (in memory, in the store, or by parsing anew) and what parsing
 * anew made of the texts, by status and the analyser stage that decided.
 */
@Component
class AnalysisMetrics {

	private final MeterRegistry registry;

	private final AtomicLong memory = new AtomicLong();

	private final AtomicLong stored = new AtomicLong();

	private final AtomicLong parsed = new AtomicLong();

	AnalysisMetrics(MeterRegistry registry) {
		this.registry = registry;
		lookups(registry, "memory", memory);
		lookups(registry, "store", stored);
		lookups(registry, "parsed", parsed);
		Gauge.builder("lakegov.analysis.cache.hit.ratio", this, AnalysisMetrics::hitRatio)
			.description("Share of text lookups answered by the in-memory analysis cache")
			.register(registry);
	}

	private static void lookups(MeterRegistry registry, String source, AtomicLong count) {
		FunctionCounter.builder("lakegov.analysis.cache.lookups", count, AtomicLong::get)
			.tag("source", source)
			.description("Statement texts whose analysis was looked up, by where it was found")
			.register(registry);
	}

	void looked(int fromMemory, int fromStore, int parsedAnew) {
		memory.addAndGet(fromMemory);
		stored.addAndGet(fromStore);
		parsed.addAndGet(parsedAnew);
	}

	/** A text was analysed anew (EMPTY and REDACTED texts count with the status they are stored with). */
	void analysed(StoredAnalysis analysis) {
		Counter.builder("lakegov.analysis.statements")
			.tag("status", analysis.status())
			.tag("stage", analysis.stage() == null ? "none" : analysis.stage())
			.description("Statement texts analysed anew (each distinct text once per analyser version)")
			.register(registry)
			.increment();
	}

	private double hitRatio() {
		long hits = memory.get();
		long total = hits + stored.get() + parsed.get();
		return total == 0 ? Double.NaN : (double) hits / total;
	}

}
