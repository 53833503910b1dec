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

	/** A host's first label this long or longer may be a token, and is masked. */
	private static final int TOKEN_LABEL = 12;

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

	/**
	 * The URL's scheme, host and port; its path and query, where receivers keep their tokens (often in the
	 * first segment), masked, and so is a host's first label long enough to be one
	 * ({@code <token>.m.pipedream.net}).
	 */
	static String maskedUrl(String url) {
		URI uri = URI.create(url);
		String path = uri.getRawPath() == null ? "" : uri.getRawPath();
		boolean hidden = path.length() > 1 || uri.getRawQuery() != null;
		String host = uri.getHost() == null ? "" : uri.getHost();
		String[] labels = host.split("\\.");
		if (labels.length > 2 && labels[0].length() >= TOKEN_LABEL && !host.matches("[0-9.]+")) {
			host = MASK + host.substring(labels[0].length());
		}
		String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
		return uri.getScheme() + "://" + host + port + (hidden ? "/" + MASK : path);
	}

}
