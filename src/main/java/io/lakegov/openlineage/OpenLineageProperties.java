package io.lakegov.openlineage;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The OpenLineage feed: where its events go and how they are sent. Unset {@code url} means the feed is off:
 * nothing is recorded for it and nothing is sent.
 *
 * @param url the consumer's base URL (Marquez {@code http://marquez:5000}, OpenMetadata, DataHub ...)
 * @param endpoint the path events are posted to below {@code url}, as OpenLineage's HTTP transport does
 * @param auth how lakegov authenticates to the consumer: a bearer token or an API key header, or nothing
 * @param workspaceHost the Databricks workspace host of every source without one of its own in
 * {@code workspaceHosts}; datasets are named {@code databricks://{host}} + {@code catalog.schema.table}
 * @param workspaceHosts the workspace host per source name
 * @param jobNamespace the namespace of every job; unset, a statement's job is in {@code databricks://{host}} of
 * its source, the workspace that scheduled it
 * @param senderEnabled whether this replica sends (tests call the sender themselves)
 * @param sendInterval how long the sender waits between looks at the outbox
 * @param batchSize events of one source one sender turn posts at most, one after the other, in order
 * @param lease how long a sender holds a source, renewed after every event sent; a sender that died loses it then
 * @param retryInitial the delay after a failed attempt, doubling with each further failure (with jitter)
 * @param retryMax the longest delay between two attempts
 * @param connectTimeout how long to wait for the consumer to accept a connection
 * @param requestTimeout how long to wait for the consumer's answer to one event
 * @param maxBackfill the longest time range one backfill may re-emit
 */
@ConfigurationProperties("lakegov.openlineage")
public record OpenLineageProperties(@Nullable String url, @DefaultValue("/api/v1/lineage") String endpoint,
		@DefaultValue Auth auth, @Nullable String workspaceHost, @Nullable Map<String, String> workspaceHosts,
		@Nullable String jobNamespace, @DefaultValue("true") boolean senderEnabled,
		@DefaultValue("2s") Duration sendInterval, @DefaultValue("100") int batchSize,
		@DefaultValue("1m") Duration lease, @DefaultValue("5s") Duration retryInitial,
		@DefaultValue("10m") Duration retryMax, @DefaultValue("3s") Duration connectTimeout,
		@DefaultValue("10s") Duration requestTimeout, @DefaultValue("31d") Duration maxBackfill) {

	private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}");

	private static final Pattern HOST = Pattern
		.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:[0-9]{1,5})?");

	/**
	 * Credentials for the consumer: a bearer token ({@code Authorization: Bearer ...}), or an API key sent in a
	 * header of the consumer's choosing, or neither.
	 */
	public record Auth(@Nullable String bearerToken, @Nullable String headerName, @Nullable String headerValue) {

		public Auth {
			bearerToken = blankToNull(bearerToken);
			headerName = blankToNull(headerName);
			headerValue = blankToNull(headerValue);
			if (bearerToken != null && (headerName != null || headerValue != null)) {
				throw new IllegalArgumentException("lakegov.openlineage.auth: set either bearer-token or header-name "
						+ "and header-value, not both");
			}
			if ((headerName == null) != (headerValue == null)) {
				throw new IllegalArgumentException("lakegov.openlineage.auth.header-name and header-value go together: "
						+ "set both or neither");
			}
			if (headerName != null && !HEADER_NAME.matcher(headerName).matches()) {
				throw new IllegalArgumentException("lakegov.openlineage.auth.header-name is not an HTTP header name: "
						+ headerName);
			}
			if ("authorization".equalsIgnoreCase(headerName) || "content-type".equalsIgnoreCase(headerName)) {
				throw new IllegalArgumentException("lakegov.openlineage.auth.header-name may not be " + headerName
						+ "; use bearer-token for Authorization: Bearer");
			}
		}

		/** The header to send, as name and value; null without credentials. */
		public String @Nullable [] header() {
			if (bearerToken != null) {
				return new String[] { "Authorization", "Bearer " + bearerToken };
			}
			return headerName == null ? null : new String[] { headerName, headerValue };
		}

		@Override
		public String toString() {
			return "Auth[" + (bearerToken != null ? "bearer token" : headerName != null ? "header " + headerName : "none")
					+ "]";
		}

	}

	public OpenLineageProperties {
		url = blankToNull(url);
		workspaceHost = blankToNull(workspaceHost);
		jobNamespace = blankToNull(jobNamespace);
		workspaceHosts = workspaceHosts == null ? Map.of() : Map.copyOf(workspaceHosts);
		auth = auth == null ? new Auth(null, null, null) : auth;
		if (url != null) {
			checkUrl(url);
		}
		if (endpoint == null || !endpoint.startsWith("/") || endpoint.contains("?") || endpoint.contains("#")
				|| endpoint.contains(" ")) {
			throw new IllegalArgumentException("lakegov.openlineage.endpoint must be a path starting with /, such as "
					+ "/api/v1/lineage: " + endpoint);
		}
		if (workspaceHost != null) {
			workspaceHost = host("lakegov.openlineage.workspace-host", workspaceHost);
		}
		workspaceHosts.forEach((source, host) -> host("lakegov.openlineage.workspace-hosts." + source, host));
		if (batchSize < 1 || batchSize > 1000) {
			throw new IllegalArgumentException("lakegov.openlineage.batch-size must be between 1 and 1000: " + batchSize);
		}
		if (sendInterval.isNegative() || sendInterval.isZero()) {
			throw new IllegalArgumentException("lakegov.openlineage.send-interval must be positive");
		}
		if (retryInitial.isZero() || retryInitial.isNegative() || retryMax.compareTo(retryInitial) < 0) {
			throw new IllegalArgumentException("lakegov.openlineage.retry-initial must be positive and at most retry-max");
		}
		if (retryMax.compareTo(Duration.ofDays(1)) > 0) {
			// a source whose sender neither sends nor fails for days counts as off: its waiting events then
			// no longer hold their statements' detail in the store
			throw new IllegalArgumentException("lakegov.openlineage.retry-max must be at most 1d: " + retryMax);
		}
		if (connectTimeout.isZero() || connectTimeout.isNegative() || requestTimeout.isZero()
				|| requestTimeout.isNegative()) {
			throw new IllegalArgumentException("lakegov.openlineage.connect-timeout and request-timeout must be positive");
		}
		if (lease.compareTo(connectTimeout.plus(requestTimeout).multipliedBy(2)) < 0) {
			// the lease is renewed after each event: it must outlast one post by far
			throw new IllegalArgumentException("lakegov.openlineage.lease must be at least twice connect-timeout + "
					+ "request-timeout");
		}
		if (maxBackfill.compareTo(Duration.ofHours(1)) < 0 || maxBackfill.compareTo(Duration.ofDays(366)) > 0) {
			throw new IllegalArgumentException("lakegov.openlineage.max-backfill must be between 1h and 366d");
		}
	}

	/** Whether the feed is on. */
	public boolean enabled() {
		return url != null;
	}

	/** Where events are posted: the consumer's URL and the endpoint, without a doubled slash. */
	public URI target() {
		String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
		return URI.create(base + endpoint);
	}

	/** The workspace host of a source; null when none is configured for it. */
	public @Nullable String hostOf(String source) {
		String own = workspaceHosts.get(source);
		return own != null ? host("lakegov.openlineage.workspace-hosts." + source, own) : workspaceHost;
	}

	private static void checkUrl(String url) {
		URI uri;
		try {
			uri = new URI(url);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("lakegov.openlineage.url is not a URL: " + ex.getReason());
		}
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
			throw new IllegalArgumentException("lakegov.openlineage.url must be an absolute http(s) URL naming a host: "
					+ url);
		}
		if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
			throw new IllegalArgumentException("lakegov.openlineage.url must have no credentials, query or fragment "
					+ "(credentials go in lakegov.openlineage.auth)");
		}
	}

	private static String host(String key, String host) {
		String lower = host.strip().toLowerCase(Locale.ROOT);
		if (!HOST.matcher(lower).matches()) {
			throw new IllegalArgumentException(key + " must be a host name such as adb-1234567890123456.7.azuredatabricks.net"
					+ " (no scheme or path): " + host);
		}
		return lower;
	}

	private static @Nullable String blankToNull(@Nullable String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

}
