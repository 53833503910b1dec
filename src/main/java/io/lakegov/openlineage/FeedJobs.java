package io.lakegov.openlineage;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakegov.openlineage.outbox.FeedSender;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The feed's sender on a thread of its own (a slow consumer must not hold up the scheduler that runs
 * ingestion), looking at the outbox every {@code lakegov.openlineage.send-interval} on every replica whose feed
 * is on and whose {@code sender-enabled} is not off; replicas share the work through each source's lease.
 */
@Component
class FeedJobs implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(FeedJobs.class);

	private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-openlineage");
		thread.setDaemon(true);
		return thread;
	});

	private final FeedSender sender;

	private final OpenLineageProperties properties;

	FeedJobs(FeedSender sender, OpenLineageProperties properties) {
		this.sender = sender;
		this.properties = properties;
	}

	@EventListener(ApplicationReadyEvent.class)
	void start() {
		if (!properties.enabled() || !properties.senderEnabled()) {
			return;
		}
		long every = properties.sendInterval().toMillis();
		executor.scheduleWithFixedDelay(this::send, every, every, TimeUnit.MILLISECONDS);
		log.info("Sending OpenLineage events to {}", properties.target());
	}

	private void send() {
		try {
			sender.sendDue();
		}
		catch (RuntimeException ex) {
			log.warn("Could not send OpenLineage events: {}", Secrets.mask(String.valueOf(ex.getMessage())));
		}
	}

	@Override
	public void destroy() {
		executor.shutdownNow();
	}

}
