package io.lakegov.watch.outbox;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lakegov.watch.WebhookFormat;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of a delivery. Generic: {@code id}, {@code type}, {@code key}, {@code watch} ({@code id},
 * {@code name}), {@code raisedAt} and the event's details. Slack: an incoming-webhook message whose text says
 * the same in a line.
 */
final class Envelope {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private Envelope() {
	}

	static String details(Map<String, Object> details) {
		return JSON.writeValueAsString(details);
	}

	static byte[] body(OutboxRepository.Claimed event) {
		Map<String, Object> details = JSON.readValue(event.payload(), new TypeReference<LinkedHashMap<String, Object>>() {
		});
		Map<String, Object> body = new LinkedHashMap<>();
		if (WebhookFormat.SLACK.id().equals(event.format())) {
			body.put("text", SlackText.of(event.type(), event.watchName(), details));
		}
		else {
			body.put("id", event.id());
			body.put("type", event.type());
			body.put("key", event.key());
			body.put("watch", Map.of("id", event.watchId(), "name", event.watchName()));
			body.put("raisedAt", event.createdAt().toString());
			body.putAll(details);
		}
		return JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
	}

}
