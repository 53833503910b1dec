package io.lakegov.ingest;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs the raw text purge on its schedule, on one replica at a time (the lock is a lease kept alive while
 * the purge runs, so a replica that dies mid-purge holds it for a minute at most).
 */
@Component
@ConditionalOnProperty(name = "lakegov.history.purge-enabled", matchIfMissing = true)
class RawTextPurgeJob {

	private final RawTextPurge purge;

	RawTextPurgeJob(RawTextPurge purge) {
		this.purge = purge;
	}

	@Scheduled(cron = "${lakegov.history.purge-cron:0 45 * * * *}", zone = "${lakegov.history.purge-zone:UTC}")
	@SchedulerLock(name = "raw-text-purge", lockAtLeastFor = "PT30S")
	void run() {
		purge.purge();
	}

}
