package io.lakegov.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the list of sources at startup and says every mistake at once, each with the key it is about:
 * names missing, invalid or repeated, URLs missing, table names that are not plain names, sizes out of
 * range, the list given together with the single-source form, no source enabled.
 */
final class SourceSettingsCheck {

	static final Pattern NAME = Pattern.compile(Sources.NAME_PATTERN);

	private static final Pattern TABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*){0,2}");

	private SourceSettingsCheck() {
	}

	/** Thrown at startup with every problem of the configuration. */
	static final class InvalidSourcesException extends IllegalStateException {

		private static final long serialVersionUID = 1L;

		InvalidSourcesException(List<String> problems) {
			super("Invalid source configuration: " + String.join("; ", problems));
		}

	}

	/**
	 * @param list the entries of {@code lakegov.sources}
	 * @param singleGiven whether {@code lakegov.source.url}, {@code username} or {@code password} is set too
	 */
	static void check(List<SourceSettings> list, boolean singleGiven) {
		List<String> problems = new ArrayList<>();
		if (singleGiven && !list.isEmpty()) {
			problems.add("lakegov.sources and lakegov.source.url/username/password are both given: use one form "
					+ "(the single source is the source named '" + SourceSettings.DEFAULT_NAME + "' in the list)");
		}
		Map<String, Integer> seen = new HashMap<>();
		for (int i = 0; i < list.size(); i++) {
			SourceSettings entry = list.get(i);
			String key = "lakegov.sources[" + i + "]";
			if (entry.name() == null || entry.name().isBlank()) {
				problems.add(key + ".name is missing");
			}
			else if (!NAME.matcher(entry.name()).matches()) {
				problems.add(key + ".name '" + entry.name()
						+ "' is not a source name (lower-case letters, digits, '-' and '_', at most 63, starting with a letter or digit)");
			}
			else {
				Integer before = seen.putIfAbsent(entry.name(), i);
				if (before != null) {
					problems.add(key + ".name '" + entry.name() + "' is already the name of lakegov.sources[" + before + "]");
				}
			}
			if (!entry.configured()) {
				problems.add(key + ".url is missing");
			}
			problems.addAll(settings(key, entry));
		}
		if (!list.isEmpty() && list.stream().noneMatch(SourceSettings::enabled)) {
			problems.add("lakegov.sources: no source is enabled (to stop ingestion set lakegov.ingest.enabled=false)");
		}
		if (!problems.isEmpty()) {
			throw new InvalidSourcesException(problems);
		}
	}

	/** The problems of one source's settings other than its name and URL. */
	static List<String> settings(String key, SourceSettings entry) {
		List<String> problems = new ArrayList<>();
		if (entry.table() == null || !TABLE.matcher(entry.table()).matches()) {
			problems.add(key + ".table must be a plain [catalog.]schema.table name, was " + entry.table());
		}
		if (entry.inventoryTable() == null || !TABLE.matcher(entry.inventoryTable()).matches()) {
			problems.add(key + ".inventory-table must be a plain [catalog.]schema.table name, was " + entry.inventoryTable());
		}
		if (entry.lineageTable() == null || !TABLE.matcher(entry.lineageTable()).matches()) {
			problems.add(key + ".lineage-table must be a plain [catalog.]schema.table name, was " + entry.lineageTable());
		}
		if (entry.columnsTable() == null || !TABLE.matcher(entry.columnsTable()).matches()) {
			problems.add(key + ".columns-table must be a plain [catalog.]schema.table name, was " + entry.columnsTable());
		}
		if (entry.fetchSize() < 1 || entry.fetchSize() > 100_000) {
			problems.add(key + ".fetch-size must be between 1 and 100000, was " + entry.fetchSize());
		}
		if (entry.queryTimeout() == null || entry.queryTimeout().isNegative() || entry.queryTimeout().isZero()) {
			problems.add(key + ".query-timeout must be positive, was " + entry.queryTimeout());
		}
		if (entry.maxPoolSize() < 1) {
			problems.add(key + ".max-pool-size must be at least 1, was " + entry.maxPoolSize());
		}
		if (entry.connectionTimeout() == null || entry.connectionTimeout().toMillis() < 250) {
			problems.add(key + ".connection-timeout must be at least 250ms, was " + entry.connectionTimeout());
		}
		if (entry.requestTimeout() == null || entry.requestTimeout().toMillis() < 100) {
			problems.add(key + ".request-timeout must be at least 100ms, was " + entry.requestTimeout());
		}
		return problems;
	}

}
