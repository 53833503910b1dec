package io.lakegov.history;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Refuses to start a real source on a store that holds the demo's made-up history under the source's name
 * (the embedded default tried first, then pointed at a workspace): the source would go on from the demo's
 * watermark, skipping its own history, and its facts would mix with the demo's. It runs before anything else
 * at the start, ingestion included.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class DemoHistoryGuard implements ApplicationRunner {

	private final Sources sources;

	private final DemoSources demo;

	DemoHistoryGuard(Sources sources, DemoSources demo) {
		this.sources = sources;
		this.demo = demo;
	}

	@Override
	public void run(ApplicationArguments args) {
		sources.enabled().forEach(this::check);
	}

	void check(HistorySource source) {
		if (!source.database().local() && demo.holds(source.name())) {
			throw new IllegalStateException("The store holds the demo workload's made-up history under the source '"
					+ source.name() + "', which now reads " + source.database().description() + ". It would go on "
					+ "from the demo's watermark and skip its own history, and its usage would mix with the demo's. "
					+ "Start it on an empty store (for the embedded default, another lakegov.embedded.directory, or "
					+ "remove the current one), or give it another name (lakegov.sources[0].name).");
		}
	}

}
