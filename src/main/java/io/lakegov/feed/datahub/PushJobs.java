package io.lakegov.feed.datahub;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Looks for closed days to push to DataHub's GMS every {@code lakegov.datahub.push-interval}, on every replica and on
 * a thread of its own (a slow GMS must not hold up the scheduler that runs ingestion). Replicas share the days
 * through their claims in the store, so no lock is needed. Runs only with {@code lakegov.datahub.gms-url} set and
 * {@code lakegov.datahub.enabled} on.
 */
@Component
class PushJobs implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(PushJobs.class);

	private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-datahub");
		thread.setDaemon(true);
		return thread;
	});

	private final UsagePusher pusher;

	private final DataHubProperties properties;

	PushJobs(UsagePusher pusher, DataHubProperties properties) {
		this.pusher = pusher;
		this.properties = properties;
	}

	@EventListener(ApplicationReadyEvent.class)
	void start() {
		if (!properties.enabled() || !properties.pushes()) {
			return;
		}
		long interval = properties.pushInterval().toMillis();
		executor.scheduleWithFixedDelay(this::pushDue, Math.min(interval, 30_000), interval, TimeUnit.MILLISECONDS);
	}

	private void pushDue() {
		try {
			pusher.pushDue();
		}
		catch (RuntimeException ex) {
			log.warn("Could not push usage to DataHub GMS: {}", Secrets.mask(ex.getMessage()));
		}
	}

	@Override
	public void destroy() {
		executor.shutdownNow();
	}

}
