package io.lakegov.watch;

import java.util.Locale;

/** How a delivery's body is laid out. */
public enum WebhookFormat {

	/** lakegov's JSON event, signed. */
	GENERIC,

	/** A Slack incoming-webhook message ({@code {"text": ...}}), signed too. */
	SLACK;

	/** The format's name in requests and answers: {@code generic}, {@code slack}. */
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	static WebhookFormat parse(String value) {
		if (value == null || value.isBlank()) {
			return GENERIC;
		}
		for (WebhookFormat format : values()) {
			if (format.id().equalsIgnoreCase(value.strip())) {
				return format;
			}
		}
		throw new IllegalArgumentException("webhook format must be generic or slack, was '" + value + "'");
	}

}
