package io.lakegov.archive;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Refuses to start with an archive that cannot be written: every enabled source needs a schema
 * ({@code lakegov.archive.schema} or its entry in {@code lakegov.archive.schemas}) and must be a Databricks SQL
 * Warehouse, since the archive's tables are Delta tables written through it. Each entry of
 * {@code lakegov.archive.schemas} must name a configured source.
 */
@Component
@ConditionalOnProperty(name = "lakegov.archive.enabled", havingValue = "true")
class ArchiveCheck {

	ArchiveCheck(ArchiveProperties properties, Sources sources) {
		for (String name : properties.schemas().keySet()) {
			if (!Sources.isName(name)) {
				throw new IllegalStateException("lakegov.archive.schemas names a source that cannot exist: " + name);
			}
			if (sources.find(name).isEmpty() && !sources.disabled().contains(name)) {
				// a typo would leave the source it meant on lakegov.archive.schema, unnoticed
				throw new IllegalStateException("lakegov.archive.schemas names no configured source: " + name
						+ " (sources: " + String.join(", ", sources.names()) + ")");
			}
		}
		for (HistorySource source : sources.enabled()) {
			if (properties.schemaOf(source.name()).isEmpty()) {
				throw new IllegalStateException("lakegov.archive.enabled is set, but source " + source.name()
						+ " has no archive schema: set lakegov.archive.schema or lakegov.archive.schemas." + source.name());
			}
			if (!source.database().isDatabricks()) {
				throw new IllegalStateException("lakegov.archive.enabled is set, but source " + source.name()
						+ " is not a Databricks SQL Warehouse (a jdbc:databricks: URL): the archive is written through it");
			}
		}
	}

}
