package io.lakegov.history;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SourceConfigTests {

	@Test
	void tellsTheDatabricksDriverTheFetchSizeAndTheQueryTag() {
		assertThat(SourceConfig.databricksProperties(properties("jdbc:databricks://h:443/default;httpPath=/sql/1.0/warehouses/w", 250)))
			.containsExactly(java.util.Map.entry("RowsFetchedPerBlock", "250"), java.util.Map.entry("QUERY_TAGS", "lakegov:service"));
	}

	@Test
	void leavesWhatTheUrlSetsToTheUrl() {
		assertThat(SourceConfig.databricksProperties(
				properties("jdbc:databricks://h:443/default;rowsFetchedPerBlock=5000;QUERY_TAGS=team:data", 250)))
			.isEmpty();
	}

	@Test
	void bindsInstantsForSparkAsUtcTextToTheMicrosecond() {
		assertThat(SourceTimes.sparkLiteral(Instant.parse("2026-01-15T10:30:00.123456789Z")))
			.isEqualTo("2026-01-15T10:30:00.123456Z");
		assertThat(SourceTimes.sparkLiteral(Instant.parse("2026-01-15T10:30:00Z"))).isEqualTo("2026-01-15T10:30:00Z");
	}

	@Test
	void redactsSecretsOfTheUrl() {
		assertThat(SourceConfig.redacted("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=dapi123;x=1"))
			.isEqualTo("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=***;x=1");
	}

	private static SourceProperties properties(String url, int fetchSize) {
		return new SourceProperties(url, "token", "secret", "system.query.history", "system.information_schema.tables",
				fetchSize, Duration.ofMinutes(1), 2, Duration.ofSeconds(30), List.of(), "system.access.table_lineage",
				"system.information_schema.columns");
	}

}
