package io.lakegov.watch;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How watches detect and deliver events.
 *
 * @param enabled whether the background work runs: the sender and the health check (tests call them directly)
 * @param newReaderAfter a principal is a new reader (writer) of a table when it did not read (write) it for this long
 * @param allowPrivateTargets deliver to addresses in loopback, link-local (cloud metadata), private and
 * unique-local ranges too, and over plain http; off by default, since watch URLs come from API callers
 * @param sendInterval how long the sender waits between looks at the outbox
 * @param sendBatch events one sender claims at a time
 * @param lease how long claimed events are kept from other senders, longer than posting all of one claim may take;
 * an event whose sender died is sent again after it
 * @param retryInitial the first retry's delay, doubling with each attempt (with jitter)
 * @param retryMax the longest delay between two attempts
 * @param retryFor how long after it was raised an event is still tried; after that it is FAILED
 * @param connectTimeout how long to wait for a receiver to accept a connection
 * @param requestTimeout how long to wait for a receiver's answer
 * @param maxResponse how much of a receiver's answer is read at most
 * @param healthInterval how often the ingestion health and masked share are checked for flips
 * @param secretsKeys keys (32 random bytes each, base64) that seal the watches' signing secrets and webhook URLs
 * in the store: the first seals, the others only open what earlier keys sealed; none stores them as given
 */
@ConfigurationProperties("lakegov.watch")
public record WatchProperties(@DefaultValue("true") boolean enabled, @DefaultValue("90d") Duration newReaderAfter,
		@DefaultValue("false") boolean allowPrivateTargets, @DefaultValue("2s") Duration sendInterval,
		@DefaultValue("5") int sendBatch, @DefaultValue("1m") Duration lease, @DefaultValue("10s") Duration retryInitial,
		@DefaultValue("1h") Duration retryMax, @DefaultValue("1d") Duration retryFor,
		@DefaultValue("3s") Duration connectTimeout, @DefaultValue("5s") Duration requestTimeout,
		@DefaultValue("64KB") DataSize maxResponse, @DefaultValue("1m") Duration healthInterval,
		List<String> secretsKeys) {

	public WatchProperties {
		secretsKeys = secretsKeys == null ? List.of()
				: secretsKeys.stream().filter(key -> key != null && !key.isBlank()).toList();
		if (newReaderAfter.toDays() < 1) {
			throw new IllegalArgumentException("lakegov.watch.new-reader-after must be at least a day");
		}
		if (sendBatch < 1) {
			throw new IllegalArgumentException("lakegov.watch.send-batch must be at least 1");
		}
		if (lease.compareTo(requestTimeout.plus(connectTimeout).multipliedBy(sendBatch)) <= 0) {
			// the events of one claim are posted one after the other: the last must still be held when it is posted
			throw new IllegalArgumentException("lakegov.watch.lease must be longer than send-batch deliveries may take "
					+ "(send-batch x (connect-timeout + request-timeout))");
		}
		if (retryInitial.isZero() || retryInitial.isNegative() || retryMax.compareTo(retryInitial) < 0) {
			throw new IllegalArgumentException("lakegov.watch.retry-initial must be positive and at most retry-max");
		}
	}

	/** The window in whole days. */
	public int windowDays() {
		return (int) newReaderAfter.toDays();
	}

}
