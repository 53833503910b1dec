package io.lakegov.catalog;

import java.time.Instant;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Syncs the table inventory on a schedule, on one replica at a time (the lock is a lease kept alive while
 * the sync runs, so a replica that dies mid-sync holds it for a minute at most).
 */
@Component
@ConditionalOnProperty(name = "lakegov.catalog.enabled", matchIfMissing = true)
class CatalogSyncJob {

	private static final Logger log = LoggerFactory.getLogger(CatalogSyncJob.class);

	private final CatalogSync sync;

	private final TaskScheduler scheduler;

	CatalogSyncJob(CatalogSync sync, TaskScheduler scheduler) {
		this.sync = sync;
		this.scheduler = scheduler;
	}

	/** A first sync shortly after startup, so a fresh install knows its tables before the first cron tick. */
	@EventListener(ApplicationReadyEvent.class)
	void syncAfterStartup() {
		scheduler.schedule(this::runSafely, Instant.now().plusSeconds(5));
	}

	private void runSafely() {
		try {
			run();
		}
		catch (RuntimeException ex) {
			log.warn("Table inventory sync after startup failed: {}", Secrets.mask(ex.getMessage()));
		}
	}

	@Scheduled(cron = "${lakegov.catalog.cron:0 15 * * * *}", zone = "${lakegov.catalog.zone:UTC}")
	@SchedulerLock(name = "catalog-sync", lockAtLeastFor = "PT30S")
	void run() {
		CatalogSyncResult result = sync.sync();
		log.info("Table inventory synced: {} tables, {} appeared, {} vanished, {} renamed, {} changed, {} view definitions changed",
				result.tables(), result.appeared(), result.vanished(), result.renamed(), result.changed(),
				result.viewDefinitions());
	}

}
