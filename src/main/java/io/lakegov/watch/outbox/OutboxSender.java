package io.lakegov.watch.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.random.RandomGenerator;

import io.lakegov.usage.PageRequest;
import io.lakegov.watch.Delivery;
import io.lakegov.watch.WatchProperties;
import io.lakegov.web.ApiException;
import io.lakegov.web.Backoff;
import io.lakegov.web.PageResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Delivers the outbox: claims due events (a lease, so that another sender takes over one whose sender died),
 * posts each signed to its receiver, and records the attempt. A failed attempt is tried again after an
 * exponential backoff with jitter while the event is younger than {@code lakegov.watch.retry-for}; after that
 * it is FAILED. Delivery is at least once: a sender that dies between posting and recording leaves an event
 * that is posted again after the lease, and receivers tell repeats by the event id.
 */
@Service
public class OutboxSender {

	private static final Logger log = LoggerFactory.getLogger(OutboxSender.class);

	/** The type of a sample delivery. */
	public static final String TEST = "TEST";

	private final OutboxRepository repository;

	private final WebhookClient client;

	private final WatchMetrics metrics;

	private final WatchProperties properties;

	private final Backoff backoff;

	private final Clock clock = Clock.systemUTC();

	private final RandomGenerator random = RandomGenerator.getDefault();

	OutboxSender(OutboxRepository repository, WebhookClient client, WatchMetrics metrics, WatchProperties properties) {
		this.repository = repository;
		this.client = client;
		this.metrics = metrics;
		this.properties = properties;
		this.backoff = new Backoff(properties.retryInitial(), properties.retryMax());
	}

	/**
	 * Sends every event that is due, batch after batch; how many attempts were made. A receiver that fails an
	 * event holds back its watch's other events until that event's next attempt, so that one dead receiver
	 * costs one attempt per backoff and the other watches' events go first.
	 */
	public int sendDue() {
		int attempts = 0;
		Map<Long, OutboxRepository.Claimed> failing = new HashMap<>();
		List<OutboxRepository.Claimed> claimed;
		int orphans = repository.dropOrphans();
		if (orphans > 0) {
			log.info("Removed {} events of watches deleted while the batches that raised them ran", orphans);
		}
		do {
			claimed = repository.claim(properties.sendBatch(), properties.lease());
			for (OutboxRepository.Claimed event : claimed) {
				OutboxRepository.Claimed failed = failing.get(event.watchId());
				if (failed != null) {
					// its watch's receiver failed in this round: released unattempted, to wait behind that event
					metrics.delivered("FAILED", repository.holdBack(failed, event, properties.retryFor()));
					continue;
				}
				Delivery delivery = deliver(event, false);
				attempts++;
				if (!"DELIVERED".equals(delivery.eventStatus())) {
					failing.put(event.watchId(), event);
					metrics.delivered("FAILED", repository.holdBack(event, null, properties.retryFor()));
				}
			}
		}
		while (claimed.size() == properties.sendBatch());
		metrics.outboxAge(repository.oldestPendingSeconds());
		return attempts;
	}

	/** Sends a sample event to the watch's receiver at once, a single attempt, and answers how it went. */
	public Delivery sendSample(long watchId, Map<String, Object> details) {
		var event = new RaisedEvent(watchId, TEST, TEST + "|" + UUID.randomUUID(), details);
		var claimed = repository.insertClaimed(event, Envelope.details(details), properties.lease())
			.orElseThrow(() -> ApiException.notFound("No watch " + watchId + "."));
		return deliver(claimed, true);
	}

	public PageResponse<Delivery> deliveries(long watchId, PageRequest page) {
		return repository.deliveries(watchId, page);
	}

	private Delivery deliver(OutboxRepository.Claimed event, boolean once) {
		byte[] body = Envelope.body(event);
		Instant at = clock.instant();
		long timestamp = at.getEpochSecond();
		var answer = client.post(event.url(), body, Map.of("X-Lakegov-Event-Id", Long.toString(event.id()),
				"X-Lakegov-Event-Type", event.type(), Signature.TIMESTAMP_HEADER, Long.toString(timestamp),
				Signature.HEADER, Signature.sign(event.secret(), timestamp, body)));
		String status;
		Duration retryAfter = Duration.ZERO;
		if (answer.delivered()) {
			status = "DELIVERED";
		}
		else {
			retryAfter = backoff.after(event.attempt(), random);
			boolean late = at.plus(retryAfter).isAfter(event.createdAt().plus(properties.retryFor()));
			status = once || late ? "FAILED" : "PENDING";
		}
		repository.record(event, at, status, answer.status(), answer.error(), retryAfter);
		String outcome = "PENDING".equals(status) ? "RETRY" : status;
		metrics.delivered(outcome);
		return new Delivery(event.id(), event.type(), event.key(), status, event.attempt(), at, outcome, answer.status(),
				answer.error());
	}

}
