package io.lakegov.retention.text;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Error texts as Delta Lake, Databricks Runtime and Iceberg print them. */
class TravelFailuresTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			DELTA_VERSION_NOT_FOUND | [DELTA_VERSION_NOT_FOUND] Cannot time travel Delta table to version 12. Available versions: [40, 236].
			DELTA_VERSION_NOT_FOUND | org.apache.spark.sql.delta.VersionNotFoundException: Cannot time travel Delta table to version 2. Available versions: [10, 11].
			DELTA_CANNOT_RESTORE_TABLE_VERSION | [DELTA_CANNOT_RESTORE_TABLE_VERSION] Cannot restore table to version 3. Available versions: [12, 47].
			DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION | [DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION] The provided timestamp (2026-01-01 00:00:00.0) is before the earliest version available to this table (2026-01-29 00:00:00.0). Please use a timestamp after 2026-01-29 00:00:00. SQLSTATE: 42816
			DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION | The provided timestamp (2021-01-01 00:00:00.0) is before the earliest version available to this table (2021-03-04 10:11:12.0). Please use a timestamp after 2021-03-04 10:11:12.
			DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION | [DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION] Cannot time travel beyond delta.deletedFileRetentionDuration (168 HOURS) set on the table. SQLSTATE: 0AKDC
			DELTA_CHANGE_DATA_FILE_NOT_FOUND | [DELTA_CHANGE_DATA_FILE_NOT_FOUND] File s3://lake/silver/t/_change_data/cdc-00000-1.c000.snappy.parquet referenced in the transaction log cannot be found. This can occur when the change data file is out of the retention period and has been deleted by the VACUUM statement.
			DELTA_TRUNCATED_TRANSACTION_LOG | [DELTA_TRUNCATED_TRANSACTION_LOG] s3://lake/t/_delta_log/00000000000000000000.checkpoint.parquet: Unable to reconstruct state at version 0 as the transaction log has been truncated due to manual deletion or the log retention policy (delta.logRetentionDuration=30 days) and checkpoint retention policy (delta.checkpointRetentionDuration=2 days)
			DELTA_FILE_NOT_FOUND_DETAILED | [DELTA_FILE_NOT_FOUND_DETAILED] File dbfs:/user/hive/warehouse/employees/part-00000-e0b1.snappy.parquet referenced in the transaction log cannot be found. This occurs when data has been manually deleted from the file system rather than using the table `DELETE` statement.
			DELTA_FILE_NOT_FOUND_DETAILED | FileReadException: Error while reading file dbfs:/t/part-0001.snappy.parquet. java.io.FileNotFoundException: dbfs:/t/part-0001.snappy.parquet
			ICEBERG_SNAPSHOT_NOT_FOUND | java.lang.IllegalArgumentException: Cannot find snapshot with ID 1234
			ICEBERG_SNAPSHOT_NOT_FOUND | java.lang.IllegalStateException: Cannot find snapshot older than 2025-09-05 11:00:00.000
			""")
	void recognisesHistoryThatIsNoLongerAvailable(String errorClass, String message) {
		assertThat(TravelFailures.classify(message, true)).contains(errorClass);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			[DELTA_TIMESTAMP_GREATER_THAN_COMMIT] The provided timestamp (2030-01-01 00:00:00.0) is after the latest version available to this table (2026-03-01 00:00:00.0). Please use a timestamp before or at 2026-03-01 00:00:00. SQLSTATE: 42816
			[TABLE_OR_VIEW_NOT_FOUND] The table or view `main`.`sales`.`order_items` cannot be found.
			[PARSE_SYNTAX_ERROR] Syntax error at or near 'VERSON'. SQLSTATE: 42601
			""")
	void ignoresErrorsThatAreNotAboutRetention(String message) {
		assertThat(TravelFailures.classify(message, true)).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			[DELTA_FILE_NOT_FOUND_DETAILED] File s3://lake/t/part-0.parquet referenced in the transaction log cannot be found. This occurs when data has been manually deleted from the file system rather than using the table `DELETE` statement.
			""")
	void countsAMissingDataFileOnlyForStatementsThatTimeTravelled(String message) {
		assertThat(TravelFailures.classify(message, false)).isEmpty();
		assertThat(TravelFailures.classify(message, true)).contains("DELTA_FILE_NOT_FOUND_DETAILED");
	}

}
