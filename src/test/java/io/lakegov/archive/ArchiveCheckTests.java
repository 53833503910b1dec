package io.lakegov.archive;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.lakegov.history.HistorySource;
import io.lakegov.history.OwnStatements;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.Sources;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** What the archive refuses to start with. */
class ArchiveCheckTests {

	static final Sources SOURCES = new Sources(List.of(new HistorySource("eu",
			new SourceDatabase(new DriverManagerDataSource(), "query.history", "lakehouse.tables", true, "test"), 1000,
			Duration.ofMinutes(1), new OwnStatements(List.of()))), List.of("us"));

	@Test
	void aSchemaForASourceThatIsNotConfiguredIsATypo() {
		assertThatIllegalStateException().isThrownBy(() -> new ArchiveCheck(properties(Map.of("e-u", "main.archive")),
				SOURCES))
			.withMessageContaining("names no configured source: e-u (sources: eu)");
	}

	@Test
	void aSourceThatIsNotADatabricksWarehouseIsRefusedWhateverItsSchema() {
		// a disabled source may keep its schema; the enabled one is checked for what the archive needs
		assertThatIllegalStateException()
			.isThrownBy(() -> new ArchiveCheck(properties(Map.of("eu", "main.archive", "us", "main.archive_us")), SOURCES))
			.withMessageContaining("source eu is not a Databricks SQL Warehouse");
	}

	private static ArchiveProperties properties(Map<String, String> schemas) {
		return new ArchiveProperties(true, null, schemas, Duration.ofSeconds(30), 1000, DataSize.ofMegabytes(4),
				Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofMinutes(30), Duration.ofMinutes(10), true);
	}

}
