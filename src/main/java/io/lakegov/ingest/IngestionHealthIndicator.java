package io.lakegov.ingest;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.web.FailureText;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The health contributor {@code ingest} (in the group {@code ingestion}): whether query history keeps arriving
 * from every enabled source (see {@link IngestionHealth}). With one source its details are that source's;
 * with several, each source's health is under {@code sources}, and the whole is DOWN when one source is
 * DOWN, UNKNOWN when one has not finished a run yet. It reads only the store, never a source, so a check
 * never waits for a stopped warehouse; a store that cannot be read is DOWN too. In its own health group by
 * default, so that a source outage does not take the API out of its Service.
 */
@Component("ingestHealthIndicator")
class IngestionHealthIndicator implements HealthIndicator {

	private final IngestionHealthRepository runs;

	private final IngestHealthProperties properties;

	private final Sources sources;

	private final Clock clock;

	IngestionHealthIndicator(IngestionHealthRepository runs, IngestHealthProperties properties, Sources sources,
			Clock clock) {
		this.runs = runs;
		this.properties = properties;
		this.sources = sources;
		this.clock = clock;
	}

	@Override
	public Health health() {
		try {
			if (sources.only().isPresent()) {
				return assess(sources.only().get());
			}
			Map<String, Health> each = new LinkedHashMap<>();
			sources.enabled().forEach(source -> each.put(source.name(), assess(source)));
			Status whole = Status.UP;
			String reason = null;
			for (Map.Entry<String, Health> source : each.entrySet()) {
				Status status = source.getValue().getStatus();
				if (Status.DOWN.equals(status)) {
					whole = Status.DOWN;
					if (reason == null) {
						reason = "source " + source.getKey() + ": " + source.getValue().getDetails().get("reason");
					}
				}
				else if (Status.UNKNOWN.equals(status) && !Status.DOWN.equals(whole)) {
					whole = Status.UNKNOWN;
				}
			}
			Health.Builder health = Health.status(whole);
			if (reason != null) {
				health.withDetail("reason", reason);
			}
			return health.withDetail("sources", each).build();
		}
		catch (DataAccessException ex) {
			return Health.down()
				.withDetail("reason", "the store cannot be read")
				.withDetail("lastError", FailureText.describe(ex))
				.build();
		}
	}

	/** One source's health, as the contributor tells it when that source is the only one. */
	Health assess(HistorySource source) {
		return IngestionHealth.assess(runs.recentFinished(source.name(), properties.failedRuns()),
				runs.completeUntil(source.name()).orElse(null), clock.instant(), properties);
	}

}
