package io.lakegov.store;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The store's PostgreSQL as the service meets it.
 *
 * @param startupWait how long a starting replica waits for a store that does not answer yet (restarting, or
 * started after the service) before it gives up; {@code 0s} gives up at once
 */
@ConfigurationProperties("lakegov.store")
public record StoreProperties(@DefaultValue("5m") Duration startupWait) {

	public StoreProperties {
		if (startupWait.isNegative()) {
			throw new IllegalArgumentException("lakegov.store.startup-wait cannot be negative");
		}
	}

}
