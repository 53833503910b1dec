package io.lakegov.reports;

import io.lakegov.history.Sources;
import io.lakegov.web.ApiException;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/** A {@code source=} filter of a usage answer: a configured source's name, or none; anything else is 404. */
@Component
class SourceFilter {

	private final Sources sources;

	SourceFilter(Sources sources) {
		this.sources = sources;
	}

	@Nullable
	String filter(@Nullable String name) {
		if (name == null || name.isBlank()) {
			return null;
		}
		if (sources.find(name).isPresent() || sources.disabled().contains(name)) {
			// a disabled source's facts are still stored and may be asked about
			return name;
		}
		throw ApiException.notFound((Sources.isName(name) ? "No source '" + name + "'" : "'source' is not a source name")
				+ "; the sources are " + sources.names() + ".");
	}

}
