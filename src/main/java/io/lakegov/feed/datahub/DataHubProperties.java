package io.lakegov.feed.datahub;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How lakegov names tables and users for DataHub and whether it pushes usage to DataHub's GMS.
 *
 * @param enabled whether the background pusher runs (when {@code gms-url} is set too); tests push themselves
 * @param env the DataHub environment (fabric) of the datasets, as the Unity Catalog recipe's {@code env}
 * @param platformInstance the recipe's {@code platform_instance}, when it sets one: a prefix of every dataset name
 * @param catalogPlatformInstances per Unity Catalog catalog (lower case), the platform instance of the recipe that
 * ingests it, where several recipes (one per workspace or region) each set their own; catalogs not named here get
 * {@code platform-instance}
 * @param gmsUrl DataHub GMS's base URL (e.g. {@code http://datahub-gms:8080}); unset: nothing is pushed
 * @param token a DataHub access token for GMS, sent as a bearer token
 * @param pushInterval how long the pusher waits between looks for closed days
 * @param pushAfter how long after a business day ends it is pushed, so that its late statements (still running
 * at midnight, reported later) are counted
 * @param pushDays how many closed days back the pusher goes: the first push after it is configured sends these,
 * and a pushed day whose usage changed is pushed again while it is among them
 * @param connectTimeout how long to wait for GMS to accept a connection
 * @param requestTimeout how long to wait for GMS's answer to one proposal
 * @param attempts attempts per proposal before the day is put back for later (with backoff)
 * @param giveUpAfter rounds in a row in which GMS fails one proposal (5xx, no answer) while it takes one of the next,
 * before the proposal is given up; rounds in which GMS takes none (it is down) do not count
 * @param retryInitial the wait before a day that failed is tried again, doubling with each failure
 * @param retryMax the longest wait between two tries of a day
 * @param lease how long a replica holds a day it pushes; a replica that died holding one loses it then
 */
@ConfigurationProperties("lakegov.datahub")
public record DataHubProperties(@DefaultValue("true") boolean enabled, @DefaultValue("PROD") String env, @Nullable String platformInstance,
		@DefaultValue Map<String, String> catalogPlatformInstances, @Nullable String gmsUrl, @Nullable String token,
		@DefaultValue("10m") Duration pushInterval, @DefaultValue("2h") Duration pushAfter,
		@DefaultValue("7") int pushDays, @DefaultValue("3s") Duration connectTimeout,
		@DefaultValue("30s") Duration requestTimeout, @DefaultValue("3") int attempts, @DefaultValue("5") int giveUpAfter,
		@DefaultValue("1m") Duration retryInitial, @DefaultValue("1h") Duration retryMax,
		@DefaultValue("5m") Duration lease) {

	public DataHubProperties {
		if (env == null || !env.matches("[A-Za-z0-9_]+")) {
			throw new IllegalArgumentException("lakegov.datahub.env must be a DataHub fabric such as PROD, DEV or QA");
		}
		env = env.toUpperCase(Locale.ROOT);
		platformInstance = platformInstance == null || platformInstance.isBlank() ? null : platformInstance.strip();
		catalogPlatformInstances = catalogPlatformInstances.entrySet()
			.stream()
			.collect(Collectors.toUnmodifiableMap(entry -> entry.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue));
		gmsUrl = gmsUrl == null || gmsUrl.isBlank() ? null : gmsUrl.strip();
		if (gmsUrl != null) {
			URI gms;
			try {
				gms = new URI(gmsUrl);
			}
			catch (URISyntaxException ex) {
				throw new IllegalArgumentException("lakegov.datahub.gms-url is not a URL: " + ex.getReason());
			}
			if (!("http".equals(gms.getScheme()) || "https".equals(gms.getScheme())) || gms.getHost() == null) {
				throw new IllegalArgumentException("lakegov.datahub.gms-url must be an http(s) URL with a host");
			}
		}
		if (pushDays < 1 || pushDays > 366) {
			throw new IllegalArgumentException("lakegov.datahub.push-days must be between 1 and 366");
		}
		if (attempts < 1) {
			throw new IllegalArgumentException("lakegov.datahub.attempts must be at least 1");
		}
		if (giveUpAfter < 1) {
			throw new IllegalArgumentException("lakegov.datahub.give-up-after must be at least 1");
		}
		if (retryInitial.isZero() || retryInitial.isNegative() || retryMax.compareTo(retryInitial) < 0) {
			throw new IllegalArgumentException("lakegov.datahub.retry-initial must be positive and at most retry-max");
		}
		if (lease.compareTo(requestTimeout.plus(connectTimeout).multipliedBy(attempts)) <= 0) {
			// the lease is renewed after each proposal: it must outlast all attempts of one
			throw new IllegalArgumentException("lakegov.datahub.lease must be longer than attempts x (connect-timeout + "
					+ "request-timeout)");
		}
	}

	/** Whether usage is pushed to GMS. */
	public boolean pushes() {
		return gmsUrl != null;
	}

	/** GMS's base URL, null when usage is not pushed. */
	public @Nullable URI gms() {
		return gmsUrl == null ? null : URI.create(gmsUrl);
	}

	/** The platform instance of the recipe that ingests the catalog, null when it sets none. */
	public @Nullable String platformInstance(String catalog) {
		return catalogPlatformInstances.getOrDefault(catalog.toLowerCase(Locale.ROOT), platformInstance);
	}

}
