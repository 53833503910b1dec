package io.lakegov.catalog;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Syncs the table inventory on a schedule, on one replica at a time. */
@Component
@ConditionalOnProperty(name = "lakegov.catalog.enabled", matchIfMissing = true)
class CatalogSyncJob {

	private static final Logger log = LoggerFactory.getLogger(CatalogSyncJob.class);

	private final CatalogSync sync;

	CatalogSyncJob(CatalogSync sync) {
		this.sync = sync;
	}

	@Scheduled(cron = "${lakegov.catalog.cron:0 15 * * * *}", zone = "${lakegov.catalog.zone:UTC}")
	@SchedulerLock(name = "catalog-sync", lockAtMostFor = "PT30M", lockAtLeastFor = "PT1M")
	void run() {
		CatalogSyncResult result = sync.sync();
		log.info("Table inventory synced: {} tables, {} appeared, {} vanished, {} renamed, {} changed", result.tables(),
				result.appeared(), result.vanished(), result.renamed(), result.changed());
	}

}
