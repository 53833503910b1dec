package io.lakegov.watch;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakegov.watch.detect.HealthFlips;
import io.lakegov.watch.detect.Redetector;
import io.lakegov.watch.outbox.OutboxSender;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The watches' background work, on every replica and on threads of their own (a slow receiver must not hold
 * up the shared scheduler that runs ingestion): the sender looks at the outbox every
 * {@code lakegov.watch.send-interval}, the health is checked for flips and the events of batches whose
 * detection failed are raised again every {@code lakegov.watch.health-interval}. Replicas share the work
 * through the outbox's leases, the flips' single statement and the batches' row locks, so no lock is needed.
 */
@Component
@ConditionalOnProperty(name = "lakegov.watch.enabled", matchIfMissing = true)
class WatchJobs implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(WatchJobs.class);

	/** A thread each: a receiver that is slow to answer never delays the health's flips. */
	private final ScheduledExecutorService executor = Executors.newScheduledThreadPool(3, runnable -> {
		Thread thread = new Thread(runnable, "lakegov-watch");
		thread.setDaemon(true);
		return thread;
	});

	private final OutboxSender sender;

	private final HealthFlips health;

	private final WatchProperties properties;

	private final Redetector redetector;

	WatchJobs(OutboxSender sender, HealthFlips health, Redetector redetector, WatchProperties properties) {
		this.sender = sender;
		this.redetector = redetector;
		this.health = health;
		this.properties = properties;
	}

	@EventListener(ApplicationReadyEvent.class)
	void start() {
		executor.scheduleWithFixedDelay(() -> safely("deliver watch events", sender::sendDue),
				properties.sendInterval().toMillis(), properties.sendInterval().toMillis(), TimeUnit.MILLISECONDS);
		executor.scheduleWithFixedDelay(() -> safely("check the ingestion health for watches", health::check),
				properties.healthInterval().toMillis(), properties.healthInterval().toMillis(), TimeUnit.MILLISECONDS);
		executor.scheduleWithFixedDelay(
				() -> safely("raise the watch events of batches whose detection failed", redetector::redetectDue),
				properties.healthInterval().toMillis(), properties.healthInterval().toMillis(), TimeUnit.MILLISECONDS);
	}

	private static void safely(String what, Runnable work) {
		try {
			work.run();
		}
		catch (RuntimeException ex) {
			log.warn("Could not {}: {}", what, Secrets.mask(ex.getMessage()));
		}
	}

	@Override
	public void destroy() {
		executor.shutdownNow();
	}

}
