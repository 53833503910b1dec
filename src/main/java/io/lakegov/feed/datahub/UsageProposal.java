package io.lakegov.feed.datahub;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A DataHub MetadataChangeProposal of one table's usage on one business day, as DataHub's {@code file} source reads
 * it: an UPSERT of the dataset's {@code datasetUsageStatistics} aspect, the aspect given as JSON.
 *
 * @param entityType always {@code dataset}
 * @param entityUrn the dataset's URN, as DataHub's Unity Catalog source names the table
 * @param changeType always {@code UPSERT}
 * @param aspectName always {@code datasetUsageStatistics}
 * @param aspect the aspect
 */
@Schema(name = "DataHubUsageProposal")
public record UsageProposal(@Schema(allowableValues = "dataset", maxLength = 7) String entityType,
		@Schema(maxLength = 2048, example = "urn:li:dataset:(urn:li:dataPlatform:databricks,main.sales.orders,PROD)") String entityUrn,
		@Schema(allowableValues = "UPSERT", maxLength = 6) String changeType,
		@Schema(allowableValues = "datasetUsageStatistics", maxLength = 22) String aspectName, Aspect aspect) {

	static final String ASPECT_NAME = "datasetUsageStatistics";

	static UsageProposal of(String urn, UsageStatistics statistics) {
		return new UsageProposal("dataset", urn, "UPSERT", ASPECT_NAME, new Aspect(statistics));
	}

	/**
	 * The aspect in the form DataHub's file source reads: its value as a JSON object.
	 *
	 * @param json the aspect's value
	 */
	@Schema(name = "DataHubAspect")
	public record Aspect(UsageStatistics json) {
	}

	/**
	 * DataHub's {@code DatasetUsageStatistics} for one business day (a time series aspect).
	 *
	 * @param timestampMillis the day's start in the business time zone, epoch milliseconds
	 * @param eventGranularity always one day
	 * @param partitionSpec always the full table
	 * @param uniqueUserCount distinct users who read or wrote the table that day
	 * @param totalSqlQueries distinct statements that read or wrote it
	 * @param topSqlQueries redacted texts (literals removed) of the most frequent statement shapes, never raw texts,
	 * cut to share 24,000 characters
	 * @param userCounts the most active users with their statements on the table
	 * @param fieldCounts the columns certainly read, with their statements
	 */
	@Schema(name = "DataHubDatasetUsageStatistics")
	public record UsageStatistics(long timestampMillis, Granularity eventGranularity, Partition partitionSpec,
			@Schema(minimum = "0", maximum = "2147483647") int uniqueUserCount,
			@Schema(minimum = "0", maximum = "2147483647") int totalSqlQueries,
			@ArraySchema(maxItems = 10, schema = @Schema(maxLength = UsageProposals.QUERY_BUDGET)) List<String> topSqlQueries,
			@ArraySchema(maxItems = 20) List<UserCount> userCounts, @ArraySchema(maxItems = 200) List<FieldCount> fieldCounts) {

		public UsageStatistics {
			topSqlQueries = List.copyOf(topSqlQueries);
			userCounts = List.copyOf(userCounts);
			fieldCounts = List.copyOf(fieldCounts);
		}

	}

	/**
	 * DataHub's {@code TimeWindowSize}.
	 *
	 * @param unit the calendar unit
	 * @param multiple how many units
	 */
	@Schema(name = "DataHubTimeWindowSize")
	public record Granularity(@Schema(allowableValues = "DAY", maxLength = 3) String unit, @Schema(minimum = "1", maximum = "1") int multiple) {

		static final Granularity DAY = new Granularity("DAY", 1);

	}

	/**
	 * DataHub's {@code PartitionSpec}: the whole table.
	 *
	 * @param type always {@code FULL_TABLE}
	 * @param partition always {@code FULL_TABLE_SNAPSHOT}
	 */
	@Schema(name = "DataHubPartitionSpec")
	public record Partition(@Schema(allowableValues = "FULL_TABLE", maxLength = 10) String type,
			@Schema(allowableValues = "FULL_TABLE_SNAPSHOT", maxLength = 19) String partition) {

		static final Partition FULL_TABLE = new Partition("FULL_TABLE", "FULL_TABLE_SNAPSHOT");

	}

	/**
	 * DataHub's {@code DatasetUserUsageCounts}.
	 *
	 * @param user the user's URN
	 * @param count statements of the user that read or wrote the table
	 * @param userEmail the user's e-mail address when the principal is one (DataHub then resolves the user by it)
	 */
	@Schema(name = "DataHubUserUsageCounts")
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record UserCount(@Schema(maxLength = 1100) String user, @Schema(minimum = "0", maximum = "2147483647") int count,
			@Schema(maxLength = 1024, nullable = true) String userEmail) {
	}

	/**
	 * DataHub's {@code DatasetFieldUsageCounts}.
	 *
	 * @param fieldPath the column
	 * @param count statements that certainly read it
	 */
	@Schema(name = "DataHubFieldUsageCounts")
	public record FieldCount(@Schema(maxLength = 1024) String fieldPath, @Schema(minimum = "0", maximum = "2147483647") int count) {
	}

}
