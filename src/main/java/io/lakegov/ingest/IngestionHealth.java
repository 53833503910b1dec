package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.lakegov.ingest.batch.MaskedTexts;

import org.springframework.boot.health.contributor.Health;

/**
 * Decides the ingestion health from the newest finished runs and how far the history is complete: DOWN
 * when the configured number of runs failed in a row or the lag passed its maximum, UNKNOWN before the
 * first run, UP otherwise. Free of I/O, so every rule is tested without a store.
 */
final class IngestionHealth {

	private IngestionHealth() {
	}

	/**
	 * @param recent the newest finished runs, newest first, at most {@code failedRuns} of them
	 * @param completeUntil up to when the source has been read completely, null when nothing was
	 */
	static Health assess(List<IngestionHealthRepository.FinishedRun> recent, Instant completeUntil, Instant now,
			IngestHealthProperties properties) {
		int failures = 0;
		while (failures < recent.size() && RunStatus.FAILED.name().equals(recent.get(failures).status())) {
			failures++;
		}
		Duration lag = completeUntil == null ? null : Duration.between(completeUntil, now);
		Health.Builder health;
		if (failures >= properties.failedRuns()) {
			health = Health.down()
				.withDetail("reason", "the last " + failures + " ingestion runs failed");
		}
		else if (lag != null && lag.compareTo(properties.maxLag()) > 0) {
			health = Health.down()
				.withDetail("reason", "the ingested history lags " + lag.withNanos(0) + " behind now, more than "
						+ properties.maxLag());
		}
		else if (recent.isEmpty()) {
			health = Health.unknown().withDetail("reason", "no ingestion run has finished yet");
		}
		else {
			health = Health.up();
		}
		health.withDetail("consecutiveFailures", failures);
		if (completeUntil != null) {
			health.withDetail("completeUntil", completeUntil.toString())
				.withDetail("lagSeconds", lag.toSeconds());
		}
		recent.stream()
			.filter(run -> RunStatus.SUCCEEDED.name().equals(run.status()) && run.rowsRead() > 0)
			.findFirst()
			.ifPresent(success -> {
				Double masked = MaskedTexts.share(success.rowsMasked(), success.rowsRead());
				health.withDetail("maskedShare", masked);
				String advice = MaskedTexts.advice(masked, properties.maskedWarningShare());
				if (advice != null) {
					health.withDetail("advice", advice);
				}
			});
		recent.stream()
			.filter(run -> RunStatus.FAILED.name().equals(run.status()))
			.findFirst()
			.ifPresent(failed -> {
				health.withDetail("lastFailedRun", failed.id());
				if (failed.error() != null) {
					health.withDetail("lastError", failed.error());
				}
			});
		return health.build();
	}

}
