package io.lakegov.watch;

import java.time.Instant;

/**
 * One attempt to deliver an event.
 *
 * @param eventId the event
 * @param type its type ({@code TEST} for a sample sent on request)
 * @param key what makes it unique for its watch
 * @param eventStatus where the event stands: PENDING (more attempts to come), DELIVERED or FAILED
 * @param attempt the attempt's number, from 1
 * @param attemptedAt when it was made
 * @param outcome DELIVERED, RETRY (failed, tried again later) or FAILED (failed, no more attempts)
 * @param responseCode the receiver's HTTP status, null when none came
 * @param error why it failed, when it did
 */
public record Delivery(long eventId, String type, String key, String eventStatus, int attempt, Instant attemptedAt,
		String outcome, Integer responseCode, String error) {

}
