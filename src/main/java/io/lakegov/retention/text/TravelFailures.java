package io.lakegov.retention.text;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises error messages that say a version or timestamp of a table is no longer available: the log
 * entries are gone (log retention) or the data files are gone (VACUUM after the deleted-file retention),
 * or an Iceberg snapshot expired. The texts are those of Delta Lake, Databricks Runtime and Apache
 * Iceberg; each pattern names the error class it stands for (Iceberg has no error classes, so its
 * patterns name the exception).
 */
public final class TravelFailures {

	/**
	 * @param errorClass the Delta error class (or the exception for older runtimes and Iceberg)
	 * @param pattern what the message contains
	 * @param needsTimeTravel true when the message alone does not prove a retention failure (a missing
	 * data file can also mean files deleted by hand): it counts only for statements that time-travelled
	 */
	private record Known(String errorClass, Pattern pattern, boolean needsTimeTravel) {

		Known(String errorClass, String regex, boolean needsTimeTravel) {
			this(errorClass, Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.DOTALL), needsTimeTravel);
		}

	}

	private static final List<Known> KNOWN = List.of(
			new Known("DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION",
					"DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION"
							+ "|Cannot time travel beyond delta\\.deletedFileRetentionDuration",
					false),
			new Known("DELTA_CHANGE_DATA_FILE_NOT_FOUND",
					"DELTA_CHANGE_DATA_FILE_NOT_FOUND|change data file is out of the retention period", false),
			new Known("DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION",
					"DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION"
							+ "|The provided timestamp \\(?[^)]*\\)? is before the earliest version available",
					false),
			new Known("DELTA_CANNOT_RESTORE_TABLE_VERSION",
					"DELTA_CANNOT_RESTORE_TABLE_VERSION|Cannot restore table to version \\d+\\. Available versions", false),
			new Known("DELTA_VERSION_NOT_FOUND",
					"DELTA_VERSION_NOT_FOUND|VersionNotFoundException|Cannot time travel Delta table to version", false),
			new Known("DELTA_TRUNCATED_TRANSACTION_LOG",
					"DELTA_TRUNCATED_TRANSACTION_LOG|transaction log has been truncated due to manual deletion or the log",
					false),
			new Known("DELTA_FILE_NOT_FOUND_DETAILED",
					"DELTA_FILE_NOT_FOUND_DETAILED|removed by VACUUM"
							+ "|referenced in the transaction log cannot be found|FileNotFoundException",
					true),
			new Known("ICEBERG_SNAPSHOT_NOT_FOUND",
					"Cannot find snapshot with ID|Cannot find (a )?snapshot older than", false));

	/** Errors that look alike but are not about retention: a timestamp after the latest commit. */
	private static final Pattern NOT_RETENTION = Pattern.compile(
			"DELTA_TIMESTAMP_GREATER_THAN_COMMIT|is after the latest (version|commit)", Pattern.CASE_INSENSITIVE);

	private TravelFailures() {
	}

	/** The error class when the message shows history that was no longer available. */
	public static Optional<String> classify(String errorMessage, boolean timeTravelled) {
		if (errorMessage == null || errorMessage.isBlank() || NOT_RETENTION.matcher(errorMessage).find()) {
			return Optional.empty();
		}
		for (Known known : KNOWN) {
			if ((timeTravelled || !known.needsTimeTravel()) && known.pattern().matcher(errorMessage).find()) {
				return Optional.of(known.errorClass());
			}
		}
		return Optional.empty();
	}

}
