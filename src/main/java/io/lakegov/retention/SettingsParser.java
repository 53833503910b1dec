package io.lakegov.retention;

import io.lakegov.retention.text.IntervalText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Reads retention settings out of a table's properties ({@code SHOW TBLPROPERTIES}). */
final class SettingsParser {

	/** Iceberg's own default for {@code history.expire.min-snapshots-to-keep}. */
	static final int DEFAULT_MIN_SNAPSHOTS = 1;

	private final RetentionProperties config;

	SettingsParser(RetentionProperties config) {
		this.config = config;
	}

	RetentionSettings parse(Map<String, String> properties) {
		String format = isIceberg(properties) ? RetentionSettings.ICEBERG : RetentionSettings.DELTA;
		List<String> problems = new ArrayList<>();
		Optional<Duration> log = interval(properties, RetentionSettings.LOG_RETENTION, problems);
		Optional<Duration> file = interval(properties, RetentionSettings.FILE_RETENTION, problems);
		Optional<Duration> age = millis(properties, RetentionSettings.SNAPSHOT_AGE, problems);
		Optional<Integer> minSnapshots = count(properties, RetentionSettings.MIN_SNAPSHOTS, problems);
		return new RetentionSettings(format, problems.isEmpty(), problems.isEmpty() ? null : String.join("; ", problems),
				log.orElse(config.defaultLogRetention()), log.isEmpty(),
				file.orElse(config.defaultDeletedFileRetention()), file.isEmpty(),
				age.orElse(config.defaultSnapshotMaxAge()), age.isEmpty(), minSnapshots.orElse(DEFAULT_MIN_SNAPSHOTS),
				minSnapshots.isEmpty());
	}

	/** The defaults, assumed because the source did not say. */
	RetentionSettings unknown(String why) {
		return new RetentionSettings(RetentionSettings.DELTA, false, why, config.defaultLogRetention(), true,
				config.defaultDeletedFileRetention(), true, config.defaultSnapshotMaxAge(), true, DEFAULT_MIN_SNAPSHOTS,
				true);
	}

	private static boolean isIceberg(Map<String, String> properties) {
		for (var entry : properties.entrySet()) {
			String key = entry.getKey().toLowerCase(Locale.ROOT);
			if (key.startsWith("history.expire.")
					|| key.equals("table_type") && "iceberg".equalsIgnoreCase(String.valueOf(entry.getValue()))) {
				return true;
			}
		}
		return false;
	}

	private static Optional<Duration> interval(Map<String, String> properties, String key, List<String> problems) {
		String value = lookup(properties, key);
		if (value == null) {
			return Optional.empty();
		}
		Optional<Duration> parsed = IntervalText.parse(value);
		if (parsed.isEmpty()) {
			problems.add("cannot read " + key + " = '" + value + "'");
		}
		return parsed;
	}

	private static Optional<Duration> millis(Map<String, String> properties, String key, List<String> problems) {
		return count(properties, key, problems, Long::parseLong).map(Duration::ofMillis);
	}

	private static Optional<Integer> count(Map<String, String> properties, String key, List<String> problems) {
		return count(properties, key, problems, Integer::parseInt);
	}

	private static <T extends Number> Optional<T> count(Map<String, String> properties, String key,
			List<String> problems, java.util.function.Function<String, T> parser) {
		String value = lookup(properties, key);
		if (value == null) {
			return Optional.empty();
		}
		try {
			T number = parser.apply(value.strip());
			if (number.longValue() >= 0) {
				return Optional.of(number);
			}
		}
		catch (NumberFormatException ex) {
			// reported below like a negative number
		}
		problems.add("cannot read " + key + " = '" + value + "'");
		return Optional.empty();
	}

	/** Property keys are case-insensitive in Spark's catalog. */
	private static String lookup(Map<String, String> properties, String key) {
		for (var entry : properties.entrySet()) {
			if (entry.getKey().equalsIgnoreCase(key)) {
				return entry.getValue();
			}
		}
		return null;
	}

}
