package io.lakegov.history;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SourceConfigTests {

	@Test
	void tellsTheDatabricksDriverTheFetchSizeAndTheQueryTag() {
		assertThat(SourceConfig.databricksProperties("jdbc:databricks://h:443/default;httpPath=/sql/1.0/warehouses/w", 250))
			.containsExactly(java.util.Map.entry("RowsFetchedPerBlock", "250"), java.util.Map.entry("QUERY_TAGS", "lakegov:service"));
	}

	@Test
	void leavesWhatTheUrlSetsToTheUrl() {
		assertThat(SourceConfig.databricksProperties("jdbc:databricks://h:443/default;rowsFetchedPerBlock=5000;QUERY_TAGS=team:data", 250))
			.isEmpty();
	}

	@Test
	void bindsInstantsForSparkAsUtcTextToTheMicrosecond() {
		assertThat(SourceTimes.sparkLiteral(Instant.parse("2026-01-15T10:30:00.123456789Z")))
			.isEqualTo("2026-01-15T10:30:00.123456Z");
		assertThat(SourceTimes.sparkLiteral(Instant.parse("2026-01-15T10:30:00Z"))).isEqualTo("2026-01-15T10:30:00Z");
	}

}
