package io.lakegov.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits on what a request may bring.
 *
 * @param maxRequestSize larger request bodies are answered 413 before they are read
 */
@ConfigurationProperties("lakegov.web")
public record WebProperties(@DefaultValue("10MB") DataSize maxRequestSize) {

	public WebProperties {
		if (maxRequestSize.toBytes() < 1) {
			throw new IllegalArgumentException("lakegov.web.max-request-size must be positive");
		}
	}

}
