package io.lakegov.ingest;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs ingestion of every enabled source, one after the other, on the configured cron, and once shortly
 * after startup so that a fresh install has answers within a minute. Off with {@code lakegov.ingest.enabled=false}.
 */
@Component
@ConditionalOnProperty(name = "lakegov.ingest.enabled", havingValue = "true", matchIfMissing = true)
class IngestionScheduler {

	private static final Logger log = LoggerFactory.getLogger(IngestionScheduler.class);

	private final IngestionService ingestion;

	private final IngestProperties properties;

	private final TaskScheduler scheduler;

	private final Sources sources;

	IngestionScheduler(IngestionService ingestion, IngestProperties properties, TaskScheduler scheduler,
			Sources sources) {
		this.ingestion = ingestion;
		this.sources = sources;
		this.properties = properties;
		this.scheduler = scheduler;
	}

	@Scheduled(cron = "${lakegov.ingest.cron:0 0 * * * *}", zone = "${lakegov.ingest.zone:UTC}")
	@SchedulerLock(name = "ingestion", lockAtMostFor = "${lakegov.ingest.stale-run-timeout:15m}")
	void scheduled() {
		run(RunKind.SCHEDULED);
	}

	@EventListener(ApplicationReadyEvent.class)
	void catchUpAfterStartup() {
		if (properties.runOnStartup()) {
			scheduler.schedule(() -> run(RunKind.STARTUP),
					java.time.Instant.now().plus(properties.startupDelay()));
		}
	}

	/** One run per enabled source, one after the other, in configuration order. */
	private void run(RunKind kind) {
		for (HistorySource source : sources.enabled()) {
			try {
				// the service logs the run's one line with its figures
				ingestion.runIncremental(source, kind);
			}
			catch (IngestionRunRepository.RunInProgressException ex) {
				log.info("{} ingestion of source {} skipped: another run of it is in progress", kind, source.name());
			}
		}
	}

}
