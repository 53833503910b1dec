package io.lakegov.analysis;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How statements are analysed.
 *
 * @param defaultCatalog the catalog of one- and two-part names when the session did not set one
 * @param defaultSchema the schema of one-part names when the session did not set one
 * @param maxSqlSize statements longer than this are recorded as unanalysable without being parsed
 * @param timeBudget how long one statement text may take to analyse
 * @param cacheSize how many analyses (by text) are kept in memory
 */
@ConfigurationProperties("lakegov.analysis")
public record AnalysisProperties(String defaultCatalog, String defaultSchema,
		@DefaultValue("1MB") DataSize maxSqlSize, @DefaultValue("2s") Duration timeBudget,
		@DefaultValue("20000") int cacheSize) {

	public AnalysisProperties {
		defaultCatalog = blankToNull(defaultCatalog);
		defaultSchema = blankToNull(defaultSchema);
		if (maxSqlSize.toBytes() < 1 || maxSqlSize.toBytes() > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("lakegov.analysis.max-sql-size must be between 1B and 2GB");
		}
		if (timeBudget.isNegative() || timeBudget.isZero()) {
			throw new IllegalArgumentException("lakegov.analysis.time-budget must be positive");
		}
		if (cacheSize < 0) {
			throw new IllegalArgumentException("lakegov.analysis.cache-size cannot be negative");
		}
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip().toLowerCase(java.util.Locale.ROOT);
	}

}
