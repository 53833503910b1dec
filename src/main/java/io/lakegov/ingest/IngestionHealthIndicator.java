package io.lakegov.ingest;

import java.time.Clock;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The health contributor {@code ingest} (in the group {@code ingestion}): whether query history keeps arriving (see
 * {@link IngestionHealth}). It reads only the store, never the source, so a check never waits for a
 * stopped warehouse; a store that cannot be read is DOWN too. In its own health group by default, so
 * that a source outage does not take the API out of its Service.
 */
@Component("ingestHealthIndicator")
class IngestionHealthIndicator implements HealthIndicator {

	private final IngestionHealthRepository runs;

	private final IngestHealthProperties properties;

	private final Clock clock;

	IngestionHealthIndicator(IngestionHealthRepository runs, IngestHealthProperties properties, Clock clock) {
		this.runs = runs;
		this.properties = properties;
		this.clock = clock;
	}

	@Override
	public Health health() {
		try {
			return IngestionHealth.assess(runs.recentFinished(properties.failedRuns()), runs.completeUntil().orElse(null),
					clock.instant(), properties);
		}
		catch (DataAccessException ex) {
			return Health.down()
				.withDetail("reason", "the store cannot be read")
				.withDetail("lastError", IngestionService.describe(ex))
				.build();
		}
	}

}
