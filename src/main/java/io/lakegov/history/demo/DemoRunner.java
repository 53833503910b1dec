package io.lakegov.history.demo;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.lakegov.history.DemoSources;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.scheduling.TaskScheduler;

/**
 * Fills a fresh demo warehouse with the last days of history before the first ingestion, then keeps
 * writing live traffic: some statements first appear RUNNING and finish on the next tick, as on a real
 * warehouse.
 */
class DemoRunner implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(DemoRunner.class);

	private final DemoWarehouse warehouse;

	private final DemoProperties properties;

	private final TaskScheduler scheduler;

	private final DemoSources marks;

	/** The source whose history the demo writes. */
	private final String source;

	private final Clock clock;

	private final DemoWorkload workload;

	private final Random random;

	private List<DemoStatement> running = List.of();

	private Instant lastTick;

	DemoRunner(DemoWarehouse warehouse, DemoProperties properties, TaskScheduler scheduler, Clock clock,
			DemoSources marks, String source) {
		this.warehouse = warehouse;
		this.marks = marks;
		this.source = source;
		this.properties = properties;
		this.scheduler = scheduler;
		this.clock = clock;
		this.workload = new DemoWorkload(properties.seed() ^ clock.millis());
		this.random = new Random(properties.seed());
	}

	@Override
	public void run(ApplicationArguments args) {
		// a demo warehouse with history is a demo store of a build that did not mark its source yet
		if (!warehouse.hasHistory() && marks.holdsRealHistory(source)) {
			throw new IllegalStateException("The demo workload is on (lakegov.demo.enabled, or no source URL "
					+ "configured), but the store holds the history of a real source named '" + source + "'. The "
					+ "demo's made-up statements would be stored as that source's usage. Configure the source "
					+ "(lakegov.source.url), or start the demo on an empty store.");
		}
		// before any history is made up: a real source of this name will never go on from it
		marks.mark(source);
		Instant now = clock.instant();
		warehouse.refreshCatalog(now);
		if (!warehouse.hasHistory() && properties.seedDays() > 0) {
			Instant from = now.minus(Duration.ofDays(properties.seedDays())).plus(Duration.ofHours(1));
			List<DemoStatement> seed = new DemoWorkload(properties.seed())
				.generate(from, now, properties.seedDays() * properties.seedStatementsPerDay());
			warehouse.writeFinished(seed);
			log.info("Demo warehouse seeded with {} statements over the last {} days", seed.size(), properties.seedDays());
		}
		lastTick = now;
		if (properties.statementsPerMinute() > 0) {
			scheduler.scheduleAtFixedRate(this::tick, now.plus(properties.tick()), properties.tick());
		}
	}

	synchronized void tick() {
		try {
			Instant now = clock.instant();
			if (!running.isEmpty()) {
				warehouse.writeFinished(running.stream()
					.map(statement -> statement.end().isAfter(now) ? statement.withStatus(statement.status(),
							statement.errorMessage(), now) : statement)
					.toList());
			}
			double minutes = Duration.between(lastTick, now).toMillis() / 60_000.0;
			int count = (int) Math.round(minutes * properties.statementsPerMinute());
			lastTick = now;
			if (count == 0) {
				running = List.of();
				return;
			}
			List<DemoStatement> fresh = workload.generate(now.minus(properties.tick()), now, count);
			List<DemoStatement> finished = new ArrayList<>();
			List<DemoStatement> stillRunning = new ArrayList<>();
			for (DemoStatement statement : fresh) {
				(random.nextInt(3) == 0 ? stillRunning : finished).add(statement);
			}
			warehouse.writeFinished(finished);
			warehouse.writeRunning(stillRunning);
			running = stillRunning;
		}
		catch (RuntimeException ex) {
			log.warn("Demo workload tick failed: {}", ex.getMessage());
		}
	}

}
