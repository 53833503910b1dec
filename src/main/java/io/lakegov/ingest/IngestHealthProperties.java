package io.lakegov.ingest;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * When the ingestion health indicator reports DOWN.
 *
 * @param maxLag how far the ingested history may fall behind now: now minus the time up to which the
 * source has been read completely (the end of the newest successful incremental window, or the watermark
 * when that is newer)
 * @param failedRuns how many runs in a row may fail before ingestion is DOWN
 */
@ConfigurationProperties("lakegov.ingest.health")
public record IngestHealthProperties(@DefaultValue("3h") Duration maxLag, @DefaultValue("3") int failedRuns) {

	public IngestHealthProperties {
		if (maxLag.isNegative() || maxLag.isZero()) {
			throw new IllegalArgumentException("lakegov.ingest.health.max-lag must be positive");
		}
		if (failedRuns < 1 || failedRuns > 1000) {
			throw new IllegalArgumentException("lakegov.ingest.health.failed-runs must be between 1 and 1000");
		}
	}

}
