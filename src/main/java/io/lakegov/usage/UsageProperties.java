package io.lakegov.usage;

import java.time.Duration;
import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How usage is counted and served.
 *
 * @param timeZone the business time zone: a fact's business date is its statement's start time in this
 * zone (in Asia/Tokyo a query at 00:30 JST belongs to that JST day, not the previous UTC day)
 * @param cacheEnabled reuse computed rankings and table reports (readers, writers, impact, daily usage)
 * until the next ingestion batch commits ({@code false} computes every answer from the rollups)
 * @param cacheRows how many rows (listed users, sources, tables, days) the reused answers hold at most
 * together; the least recently used answers make room
 * @param cacheWarmAnswers how many of the answers asked for again at a generation are computed again in the
 * background right after the next ingestion batch commits, the most asked first ({@code 0}: none)
 * @param rollupInterval how often at most an ingestion run rebuilds the rollups of the days its window has
 * left behind while it runs (it always rebuilds the rest at its end), and how often pairs left by a run that
 * died are caught up
 * @param rollupChunk how many (day, table) pairs one catch-up transaction rebuilds at most
 */
@ConfigurationProperties("lakegov.usage")
public record UsageProperties(@DefaultValue("UTC") ZoneId timeZone, @DefaultValue("true") boolean cacheEnabled,
		@DefaultValue("200000") long cacheRows, @DefaultValue("50") int cacheWarmAnswers,
		@DefaultValue("15s") Duration rollupInterval, @DefaultValue("5000") int rollupChunk) {

	public UsageProperties {
		if (cacheRows < 1) {
			throw new IllegalArgumentException("lakegov.usage.cache-rows must be at least 1");
		}
		if (cacheWarmAnswers < 0) {
			throw new IllegalArgumentException("lakegov.usage.cache-warm-answers cannot be negative");
		}
		if (rollupInterval.isNegative() || rollupInterval.isZero()) {
			throw new IllegalArgumentException("lakegov.usage.rollup-interval must be positive");
		}
		if (rollupChunk < 1 || rollupChunk > 100_000) {
			throw new IllegalArgumentException("lakegov.usage.rollup-chunk must be between 1 and 100000");
		}
	}

}
