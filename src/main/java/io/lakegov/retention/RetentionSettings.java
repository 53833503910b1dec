package io.lakegov.retention;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a table's properties say about how much history it keeps, with defaults filled in and said so.
 *
 * @param format {@code DELTA} or {@code ICEBERG}
 * @param known false when the source could not be asked (or answered nonsense): the values are then the
 * defaults, assumed
 * @param note why the settings are unknown, or which values could not be read
 * @param logRetention Delta: how long the transaction log keeps versions
 * @param logRetentionDefault whether {@code logRetention} is the default
 * @param deletedFileRetention Delta: how long VACUUM keeps removed data files
 * @param deletedFileRetentionDefault whether {@code deletedFileRetention} is the default
 * @param snapshotMaxAge Iceberg: snapshots older than this are expired
 * @param snapshotMaxAgeDefault whether {@code snapshotMaxAge} is the default
 * @param minSnapshotsToKeep Iceberg: snapshots kept whatever their age
 * @param minSnapshotsDefault whether {@code minSnapshotsToKeep} is the default
 */
record RetentionSettings(String format, boolean known, String note, Duration logRetention,
		boolean logRetentionDefault, Duration deletedFileRetention, boolean deletedFileRetentionDefault,
		Duration snapshotMaxAge, boolean snapshotMaxAgeDefault, int minSnapshotsToKeep, boolean minSnapshotsDefault) {

	static final String DELTA = "DELTA";

	static final String ICEBERG = "ICEBERG";

	static final String LOG_RETENTION = "delta.logRetentionDuration";

	static final String FILE_RETENTION = "delta.deletedFileRetentionDuration";

	static final String SNAPSHOT_AGE = "history.expire.max-snapshot-age-ms";

	static final String MIN_SNAPSHOTS = "history.expire.min-snapshots-to-keep";

	RetentionSettings {
		Objects.requireNonNull(format, "format");
		Objects.requireNonNull(logRetention, "logRetention");
		Objects.requireNonNull(deletedFileRetention, "deletedFileRetention");
		Objects.requireNonNull(snapshotMaxAge, "snapshotMaxAge");
		if (!format.equals(DELTA) && !format.equals(ICEBERG)) {
			throw new IllegalArgumentException("unknown table format " + format);
		}
	}

	boolean iceberg() {
		return format.equals(ICEBERG);
	}

	/**
	 * How far back time travel works: a Delta version needs both its log entry and its data files, so
	 * the shorter of the two; an Iceberg snapshot lives until it is older than the maximum age.
	 */
	Duration keeps() {
		if (iceberg()) {
			return snapshotMaxAge;
		}
		return logRetention.compareTo(deletedFileRetention) < 0 ? logRetention : deletedFileRetention;
	}

	/** True when at least one retention property is set explicitly. */
	boolean anySet() {
		return iceberg() ? !snapshotMaxAgeDefault || !minSnapshotsDefault
				: !logRetentionDefault || !deletedFileRetentionDefault;
	}

	/** The retention properties that apply, as they would be written. */
	List<SettingValue> values() {
		List<SettingValue> values = new ArrayList<>(2);
		if (iceberg()) {
			values.add(SettingValue.millis(SNAPSHOT_AGE, snapshotMaxAge, snapshotMaxAgeDefault));
			values.add(new SettingValue(MIN_SNAPSHOTS, Integer.toString(minSnapshotsToKeep), null, minSnapshotsDefault));
		}
		else {
			values.add(SettingValue.currentInterval(LOG_RETENTION, logRetention, logRetentionDefault));
			values.add(SettingValue.currentInterval(FILE_RETENTION, deletedFileRetention, deletedFileRetentionDefault));
		}
		return values;
	}

}
