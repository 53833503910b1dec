package io.lakegov.ingest;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.web.ApiException;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The source an ingestion request names: omitted, the only source (with several, the caller must name
 * one: 400); unknown or disabled, 404.
 */
@Component
public class SourceParameter {

	static final String DOC = "the source of query history (its lakegov.sources name; 'default' for the single "
			+ "source); may be omitted when only one source is configured";

	private final Sources sources;

	SourceParameter(Sources sources) {
		this.sources = sources;
	}

	public HistorySource resolve(@Nullable String name) {
		if (name == null || name.isBlank()) {
			return sources.only()
				.orElseThrow(() -> ApiException.badRequest("Name a source with 'source': one of " + sources.names() + "."));
		}
		return sources.find(name).orElseThrow(() -> ApiException.notFound(unknown(name)));
	}

	/** The name of a source to filter by, or null for all; unknown names are 404. */
	@Nullable
	public String filter(@Nullable String name) {
		return name == null || name.isBlank() ? null : resolve(name).name();
	}

	private String unknown(String name) {
		if (!Sources.isName(name)) {
			return "'source' is not a source name; the sources are " + sources.names() + ".";
		}
		return sources.disabled().contains(name) ? "Source '" + name + "' is disabled (lakegov.sources[].enabled)."
				: "No source '" + name + "'; the sources are " + sources.names() + ".";
	}

}
