package io.lakegov.usage;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How rankings are served.
 *
 * @param cacheTtl how long a computed ranking is reused before it is computed again from the rollups;
 * rankings may lag ingestion by this much, {@code 0s} turns the cache off
 * @param cacheEntries how many distinct rankings (windows, orders, limits) are kept
 */
@ConfigurationProperties("lakegov.rankings")
public record RankingProperties(@DefaultValue("30s") Duration cacheTtl, @DefaultValue("1000") int cacheEntries) {

	public RankingProperties {
		if (cacheTtl.isNegative()) {
			throw new IllegalArgumentException("lakegov.rankings.cache-ttl must not be negative");
		}
		if (cacheEntries < 1) {
			throw new IllegalArgumentException("lakegov.rankings.cache-entries must be at least 1");
		}
	}

}
