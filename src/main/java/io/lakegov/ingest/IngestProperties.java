package io.lakegov.ingest;

import java.time.Duration;
import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * When and how query history is ingested.
 *
 * @param enabled whether the schedule runs (manual and API-triggered runs work either way)
 * @param cron the schedule, Spring cron with seconds (nightly at 22:30: {@code 0 30 22 * * *})
 * @param zone the time zone of the schedule
 * @param overlap how far before the watermark each run starts again, for rows that arrive late
 * @param settle how far behind now a window ends, for sources that publish rows late
 * @param initialLookback how far back the very first run reaches
 * @param batchSize rows per batch (one transaction each)
 * @param runOnStartup whether a catch-up run starts right after the service starts
 * @param startupDelay how long after startup that run starts
 * @param zeroRowsAlertAfter a run that reads nothing when nothing was read for this long is flagged
 * @param retries how often a failing source read is retried within a run
 * @param retryBackoff the wait before the first retry, doubled for each further one
 * @param staleRunTimeout a run whose heartbeat is older than this is taken as crashed (at least 30 s: a live
 * run heartbeats three times within it), and how long the schedule's lock outlives a replica that died holding it
 * @param lineageOverlap how far before its own watermark each run reads the engine's table lineage again
 * (on {@code event_time}; the system table publishes rows later than the history does)
 */
@ConfigurationProperties("lakegov.ingest")
public record IngestProperties(@DefaultValue("true") boolean enabled, @DefaultValue("0 0 * * * *") String cron,
		@DefaultValue("UTC") ZoneId zone, @DefaultValue("2h") Duration overlap, @DefaultValue("0s") Duration settle,
		@DefaultValue("365d") Duration initialLookback, @DefaultValue("2500") int batchSize,
		@DefaultValue("true") boolean runOnStartup, @DefaultValue("5s") Duration startupDelay,
		@DefaultValue("24h") Duration zeroRowsAlertAfter, @DefaultValue("3") int retries,
		@DefaultValue("10s") Duration retryBackoff, @DefaultValue("15m") Duration staleRunTimeout,
		@DefaultValue("6h") Duration lineageOverlap) {

	private static final Duration MIN_STALE_RUN_TIMEOUT = Duration.ofSeconds(30);

	public IngestProperties {
		if (batchSize < 1 || batchSize > 100_000) {
			throw new IllegalArgumentException("lakegov.ingest.batch-size must be between 1 and 100000");
		}
		if (overlap.isNegative() || settle.isNegative() || initialLookback.isNegative() || lineageOverlap.isNegative()) {
			throw new IllegalArgumentException("lakegov.ingest overlap, settle, initial-lookback and lineage-overlap cannot be negative");
		}
		if (retries < 0) {
			throw new IllegalArgumentException("lakegov.ingest.retries cannot be negative");
		}
		if (staleRunTimeout.compareTo(MIN_STALE_RUN_TIMEOUT) < 0) {
			throw new IllegalArgumentException("lakegov.ingest.stale-run-timeout must be at least 30s");
		}
	}

	/** How often a live run tells the store it is alive: three times within the stale-run timeout, at most every 20 s. */
	Duration heartbeatInterval() {
		Duration third = staleRunTimeout.dividedBy(3);
		Duration most = Duration.ofSeconds(20);
		return third.compareTo(most) < 0 ? third : most;
	}

}
