package io.lakegov.retention;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How retention proposals are derived.
 *
 * @param lookback how far back usage facts count as evidence
 * @param safetyFactor the margin on the 99th percentile of observed depth before it is compared with
 * what the settings keep
 * @param wideMargin settings keeping this many times the needed reach (or more) count as over-retained
 * @param historyCacheTtl how long a table's commit history (DESCRIBE HISTORY) is reused
 * @param historyCacheSize how many tables' commit histories are kept in memory
 * @param settingsCacheTtl how long a table's properties (SHOW TBLPROPERTIES) are reused
 * @param settingsCacheSize how many tables' properties are kept in memory
 * @param proposalsCacheTtl how long the computed list of proposals is reused
 * @param maxProbedTables on Databricks, at most this many inventory tables are asked for their properties
 * per computation (there is no bulk view of table properties)
 * @param maxInventoryTables at most this many inventory tables (the most recently altered) are looked at per
 * computation; an answer from a longer inventory says it was cut
 * @param defaultLogRetention Delta's default {@code delta.logRetentionDuration}
 * @param defaultDeletedFileRetention Delta's default {@code delta.deletedFileRetentionDuration}
 * @param defaultSnapshotMaxAge Iceberg's default {@code history.expire.max-snapshot-age-ms}
 */
@ConfigurationProperties("lakegov.retention")
record RetentionProperties(@DefaultValue("90d") Duration lookback, @DefaultValue("1.5") double safetyFactor,
		@DefaultValue("3") double wideMargin, @DefaultValue("10m") Duration historyCacheTtl,
		@DefaultValue("256") int historyCacheSize, @DefaultValue("10m") Duration settingsCacheTtl,
		@DefaultValue("5000") int settingsCacheSize, @DefaultValue("1m") Duration proposalsCacheTtl,
		@DefaultValue("500") int maxProbedTables, @DefaultValue("20000") int maxInventoryTables,
		@DefaultValue("30d") Duration defaultLogRetention, @DefaultValue("7d") Duration defaultDeletedFileRetention,
		@DefaultValue("5d") Duration defaultSnapshotMaxAge) {

	RetentionProperties {
		if (lookback.compareTo(Duration.ofDays(1)) < 0) {
			throw new IllegalArgumentException("lakegov.retention.lookback must be at least one day");
		}
		if (safetyFactor < 1.0 || safetyFactor > 10.0) {
			throw new IllegalArgumentException("lakegov.retention.safety-factor must be between 1 and 10");
		}
		if (wideMargin <= 1.0) {
			throw new IllegalArgumentException("lakegov.retention.wide-margin must be greater than 1");
		}
		if (historyCacheSize < 1 || settingsCacheSize < 1 || maxProbedTables < 0) {
			throw new IllegalArgumentException("lakegov.retention cache sizes must be positive");
		}
		if (maxInventoryTables < 1 || maxInventoryTables > 1_000_000) {
			throw new IllegalArgumentException("lakegov.retention.max-inventory-tables must be between 1 and 1,000,000");
		}
		if (defaultLogRetention.isNegative() || defaultDeletedFileRetention.isNegative()
				|| defaultSnapshotMaxAge.isNegative()) {
			throw new IllegalArgumentException("lakegov.retention defaults cannot be negative");
		}
	}

	/** The defaults as the test and library code use them. */
	static RetentionProperties defaults() {
		return new RetentionProperties(Duration.ofDays(90), 1.5, 3, Duration.ofMinutes(10), 256,
				Duration.ofMinutes(10), 5000, Duration.ofMinutes(1), 500, 20_000, Duration.ofDays(30), Duration.ofDays(7),
				Duration.ofDays(5));
	}

}
