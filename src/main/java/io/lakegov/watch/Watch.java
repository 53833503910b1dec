package io.lakegov.watch;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import io.lakegov.watch.outbox.TargetGuard;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A watch: which events on which tables to deliver where.
 *
 * @param id the watch's id
 * @param name what its owner calls it
 * @param tables the table patterns it watches
 * @param events the events it wants
 * @param webhook where and how events are delivered; the URL is masked past its first path segment except in
 * the answer to its creation (webhook URLs often carry a token)
 * @param secret the key deliveries are signed with: shown once, in the answer to the watch's creation, masked
 * everywhere else
 * @param createdAt when it was created; it hears of what happens from then on
 * @param createdBy who created it
 */
public record Watch(long id, String name, List<String> tables, List<EventType> events, Webhook webhook,
		String secret, Instant createdAt, String createdBy) {

	/** Shown in place of a secret. */
	static final String MASK = "******";

	public Watch {
		tables = List.copyOf(tables);
		events = List.copyOf(events);
	}

	/**
	 * Where events go.
	 *
	 * @param url the receiver
	 * @param format {@code generic} (lakegov's JSON) or {@code slack} (a Slack incoming-webhook message)
	 */
	public record Webhook(@Schema(example = "https://hooks.example.com/lakegov", maxLength = TargetGuard.MAX_URL) String url,
			@Schema(allowableValues = { "generic", "slack" }) String format) {
	}

	/** The tables as patterns. */
	public List<TablePattern> patterns() {
		return tables.stream().map(TablePattern::new).toList();
	}

	/** The watch as it is listed: its secret and the token part of its URL masked. */
	Watch masked() {
		String last = secret.length() > 4 ? secret.substring(secret.length() - 4) : "";
		return new Watch(id, name, tables, events, new Webhook(maskedUrl(webhook.url()), webhook.format()),
				MASK + last, createdAt, createdBy);
	}

	/** The URL up to its first path segment; the rest, where tokens live, masked. */
	static String maskedUrl(String url) {
		URI uri = URI.create(url);
		String path = uri.getRawPath() == null ? "" : uri.getRawPath();
		int second = path.indexOf('/', 1);
		String kept = second < 0 ? path : path.substring(0, second);
		boolean hidden = second >= 0 && second < path.length() - 1 || uri.getRawQuery() != null;
		String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority().replaceAll("^.*@", "");
		return uri.getScheme() + "://" + authority + kept + (hidden ? "/" + MASK : "");
	}

}
