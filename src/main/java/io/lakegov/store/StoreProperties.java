package io.lakegov.store;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The store's PostgreSQL as the service meets it.
 *
 * @param startupWait how long a starting replica waits for a store that does not answer yet (restarting, or
 * started after the service) before it gives up; {@code 0s} gives up at once
 * @param detailRetention how long per-statement detail (history rows, facts, column facts) stays in the store;
 * unset keeps it all. When set, the business days older than this close once the lakehouse archive
 * ({@code lakegov.archive.enabled}) holds their statements: their detail leaves the store, their rollups stay.
 * At least a day.
 * @param detailShedBatch statements removed per transaction when detail leaves the store
 * @param detailShedInterval how often detail retention looks again at statements of closed days that stayed
 * (waiting for the archive); the horizon itself moves as soon as a business day ends
 */
@ConfigurationProperties("lakegov.store")
public record StoreProperties(@DefaultValue("5m") Duration startupWait, @Nullable Duration detailRetention,
		@DefaultValue("5000") int detailShedBatch, @DefaultValue("1h") Duration detailShedInterval) {

	public StoreProperties {
		if (startupWait.isNegative()) {
			throw new IllegalArgumentException("lakegov.store.startup-wait cannot be negative");
		}
		if (detailRetention != null && detailRetention.toDays() < 1) {
			throw new IllegalArgumentException("lakegov.store.detail-retention must be at least 1d, was " + detailRetention);
		}
		if (detailRetention != null && !detailRetention.equals(Duration.ofDays(detailRetention.toDays()))) {
			// business days close whole: 36h would keep one day, not a day and a half
			throw new IllegalArgumentException("lakegov.store.detail-retention must be whole days (such as 400d), was "
					+ detailRetention);
		}
		if (detailShedInterval.isNegative() || detailShedInterval.isZero()) {
			throw new IllegalArgumentException("lakegov.store.detail-shed-interval must be positive");
		}
		if (detailShedBatch < 1 || detailShedBatch > 100_000) {
			throw new IllegalArgumentException("lakegov.store.detail-shed-batch must be between 1 and 100000");
		}
	}

	/** The whole days detail is kept for, if it is not kept forever. */
	public @Nullable Long detailRetentionDays() {
		return detailRetention == null ? null : detailRetention.toDays();
	}

}
