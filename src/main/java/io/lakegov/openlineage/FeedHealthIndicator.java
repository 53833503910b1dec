package io.lakegov.openlineage;

import java.util.Map;

import io.lakegov.openlineage.outbox.FeedService;
import io.lakegov.openlineage.outbox.FeedStatus;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The health contributor {@code openlineage}: the feed's backlog and, per source, failures in a row and the last
 * error. It stays UP while a consumer is down (that is the consumer's outage, not lakegov's: nothing is lost,
 * the events wait) and says so in its details; off, it says so. A store that cannot be read is DOWN.
 */
@Component("openlineageHealthIndicator")
class FeedHealthIndicator implements HealthIndicator {

	private final FeedService feed;

	FeedHealthIndicator(FeedService feed) {
		this.feed = feed;
	}

	@Override
	public Health health() {
		FeedStatus status;
		try {
			status = feed.status();
		}
		catch (DataAccessException ex) {
			return Health.down().withDetail("error", "the store cannot be read").build();
		}
		if (!status.enabled()) {
			return Health.up().withDetail("enabled", false).build();
		}
		Health.Builder health = Health.up().withDetail("enabled", true).withDetail("backlog", status.backlog());
		status.sources().forEach(source -> health.withDetail(source.source(), source.failures() == 0
				? Map.of("backlog", source.backlog(), "sent", source.sent())
				: Map.of("backlog", source.backlog(), "sent", source.sent(), "failures", source.failures(),
						"lastError", String.valueOf(source.lastError()), "nextAttemptAt", String.valueOf(source.nextAttemptAt()))));
		return health.build();
	}

}
