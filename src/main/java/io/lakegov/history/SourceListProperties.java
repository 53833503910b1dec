package io.lakegov.history;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The list form of the sources: {@code lakegov.sources[0].name}, {@code .url}, ... one entry per region.
 * Empty (the default) means the single-source form {@code lakegov.source.*}.
 */
@ConfigurationProperties("lakegov")
public record SourceListProperties(@DefaultValue List<SourceSettings> sources) {

	public SourceListProperties {
		sources = sources == null ? List.of() : List.copyOf(sources);
	}

}
