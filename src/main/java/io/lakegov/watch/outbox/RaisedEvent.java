package io.lakegov.watch.outbox;

import java.util.Map;
import java.util.Objects;

/**
 * An event for one watch, about to be stored in the outbox.
 *
 * @param watchId the watch
 * @param type the event's type ({@code TEST} for a sample)
 * @param key what makes it unique for its watch: an event is stored once per (watch, key), however often the
 * facts that raise it are derived again
 * @param details what the receiver is told, besides the envelope (id, type, watch, time)
 */
public record RaisedEvent(long watchId, String type, String key, Map<String, Object> details) {

	public RaisedEvent {
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(key, "key");
		details = Map.copyOf(details);
	}

}
