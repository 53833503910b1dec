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
 * @param maskedWarningShare above this share of masked or empty statement texts in the last successful
 * run, the status and the health details say what to do (the health stays UP: the history arrives)
 */
@ConfigurationProperties("lakegov.ingest.health")
public record IngestHealthProperties(@DefaultValue("3h") Duration maxLag, @DefaultValue("3") int failedRuns,
		@DefaultValue("0.05") double maskedWarningShare) {

	public IngestHealthProperties {
		if (maxLag.isNegative() || maxLag.isZero()) {
			throw new IllegalArgumentException("lakegov.ingest.health.max-lag must be positive");
		}
		if (maskedWarningShare < 0 || maskedWarningShare > 1) {
			throw new IllegalArgumentException("lakegov.ingest.health.masked-warning-share must be between 0 and 1");
		}
		if (failedRuns < 1 || failedRuns > 1000) {
			throw new IllegalArgumentException("lakegov.ingest.health.failed-runs must be between 1 and 1000");
		}
	}

}
