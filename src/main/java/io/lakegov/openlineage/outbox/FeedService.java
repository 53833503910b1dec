package io.lakegov.openlineage.outbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.lakegov.history.Sources;
import io.lakegov.openlineage.OpenLineageProperties;

import org.springframework.stereotype.Service;

/** The feed's status and its backfills. */
@Service
public class FeedService {

	private final OpenLineageProperties properties;

	private final Sources sources;

	private final FeedOutbox outbox;

	FeedService(OpenLineageProperties properties, Sources sources, FeedOutbox outbox) {
		this.properties = properties;
		this.sources = sources;
		this.outbox = outbox;
	}

	public FeedStatus status() {
		if (!properties.enabled()) {
			return new FeedStatus(false, null, 0, List.of());
		}
		List<String> names = new ArrayList<>(sources.names());
		names.addAll(sources.disabled());
		List<FeedStatus.Source> each = outbox.standings(names)
			.stream()
			.map(standing -> new FeedStatus.Source(standing.source(), properties.hostOf(standing.source()),
					standing.backlog(), standing.oldestPending(), standing.lastStatementId(), standing.lastEventTime(),
					standing.lastSentAt(), standing.sent(), standing.rejected(), standing.failures(), standing.lastError(),
					standing.lastErrorAt(), standing.nextAttemptAt()))
			.toList();
		return new FeedStatus(true, properties.target().toString(),
				each.stream().mapToLong(FeedStatus.Source::backlog).sum(), each);
	}

	/**
	 * Re-emits the events of the sources' finished statements that started in {@code [from, to)}: how many are
	 * pending now. The caller has checked the range and the sources.
	 */
	public int backfill(List<String> of, Instant from, Instant to) {
		return outbox.backfill(of, from, to);
	}

}
