package io.lakegov.archive;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakegov.archive.outbox.Archiver;
import io.lakegov.archive.shed.DetailShedder;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The archiver's background work, on every replica and on a thread of its own (a slow warehouse must not hold
 * up the scheduler that runs ingestion): every {@code lakegov.archive.interval} it writes what is queued.
 * Replicas share the work through each source's lease. After each round, detail retention removes from the
 * store what the archive now holds of closed days.
 */
@Component
@ConditionalOnProperty(name = "lakegov.archive.enabled", havingValue = "true")
class ArchiveJobs implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(ArchiveJobs.class);

	private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-archive");
		thread.setDaemon(true);
		return thread;
	});

	private final Archiver archiver;

	private final DetailShedder shedder;

	private final ArchiveProperties properties;

	ArchiveJobs(Archiver archiver, DetailShedder shedder, ArchiveProperties properties) {
		this.archiver = archiver;
		this.shedder = shedder;
		this.properties = properties;
	}

	@EventListener(ApplicationReadyEvent.class)
	void start() {
		if (!properties.scheduleEnabled()) {
			return;
		}
		executor.scheduleWithFixedDelay(this::archive, properties.interval().toMillis(), properties.interval().toMillis(),
				TimeUnit.MILLISECONDS);
	}

	private void archive() {
		try {
			archiver.archiveDue();
		}
		catch (RuntimeException ex) {
			log.warn("Could not write the archive: {}", Secrets.mask(ex.getMessage()));
		}
		try {
			shedder.shedDue();
		}
		catch (RuntimeException ex) {
			log.warn("Could not remove closed days' detail from the store: {}", Secrets.mask(ex.getMessage()));
		}
	}

	@Override
	public void destroy() {
		executor.shutdownNow();
	}

}
