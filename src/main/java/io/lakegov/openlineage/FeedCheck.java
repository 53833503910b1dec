package io.lakegov.openlineage;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.history.Sources;

import org.springframework.stereotype.Component;

/**
 * Checks at startup, when the feed is on, what the properties alone cannot: every enabled source has a
 * workspace host to name its datasets after, and {@code lakegov.openlineage.workspace-hosts} names only
 * configured sources. Every mistake is named at once.
 */
@Component
class FeedCheck {

	FeedCheck(OpenLineageProperties properties, Sources sources) {
		if (!properties.enabled()) {
			return;
		}
		List<String> problems = new ArrayList<>();
		for (String source : sources.names()) {
			if (properties.hostOf(source) == null) {
				problems.add("lakegov.openlineage.workspace-hosts." + source + " is missing (or set "
						+ "lakegov.openlineage.workspace-host for every source): the events name the source's tables "
						+ "databricks://{workspace host}/catalog.schema.table");
			}
		}
		properties.workspaceHosts().keySet().forEach(source -> {
			if (!sources.names().contains(source) && !sources.disabled().contains(source)) {
				problems.add("lakegov.openlineage.workspace-hosts." + source + " names no configured source (sources: "
						+ sources.names() + ")");
			}
		});
		if (!problems.isEmpty()) {
			throw new IllegalStateException("The OpenLineage feed is not configured right: " + String.join("; ", problems));
		}
	}

}
