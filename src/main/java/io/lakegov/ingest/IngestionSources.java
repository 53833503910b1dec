package io.lakegov.ingest;

import java.util.List;

/**
 * Where ingestion stands for every source.
 *
 * @param sources the status of each enabled source, in configuration order
 * @param disabled the names of the configured sources that are not read
 */
public record IngestionSources(List<IngestionStatus> sources, List<String> disabled) {
}
