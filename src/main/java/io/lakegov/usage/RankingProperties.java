package io.lakegov.usage;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How rankings are served.
 *
 * @param cacheEnabled reuse a computed ranking until the next ingestion batch commits ({@code false}
 * computes every ranking from the rollups)
 * @param cacheEntries how many distinct rankings (windows, orders, limits) are kept
 */
@ConfigurationProperties("lakegov.rankings")
public record RankingProperties(@DefaultValue("true") boolean cacheEnabled, @DefaultValue("1000") int cacheEntries) {

	public RankingProperties {
		if (cacheEntries < 1) {
			throw new IllegalArgumentException("lakegov.rankings.cache-entries must be at least 1");
		}
	}

}
