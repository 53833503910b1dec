package io.lakegov.web;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call {@code /api/**}.
 *
 * @param apiKeys the keys accepted in the {@code X-API-Key} header; on the embedded default with none
 * configured, one is generated at first start and kept beside the embedded data
 */
@ConfigurationProperties("lakegov.security")
public record SecurityProperties(@DefaultValue List<String> apiKeys) {

	public SecurityProperties {
		apiKeys = apiKeys == null ? List.of() : apiKeys.stream().map(String::strip).filter(key -> !key.isEmpty()).toList();
	}

}
