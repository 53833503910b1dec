package io.lakegov.ingest;

import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import io.lakegov.history.HistorySource;
import io.lakegov.history.OwnStatements;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.Sources;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class IngestionHealthTests {

	static final Instant NOW = Instant.parse("2026-03-10T12:00:00Z");

	static final IngestHealthProperties DEFAULTS = new IngestHealthProperties(Duration.ofHours(3), 3, 0.05);

	static final Sources SOURCES = new Sources(List.of(new HistorySource("default",
			new SourceDatabase(new DriverManagerDataSource(), "query.history", "lakehouse.tables", true, "test"), 1000,
			Duration.ofMinutes(1), new OwnStatements(List.of()))), List.of());

	@Test
	void isUnknownBeforeTheFirstRun() {
		Health health = IngestionHealth.assess(List.of(), null, NOW, DEFAULTS);
		assertThat(health.getStatus()).isEqualTo(Status.UNKNOWN);
	}

	@Test
	void isUpAfterAGoodRunWithinTheLag() {
		Health health = IngestionHealth.assess(List.of(run(2, "SUCCEEDED", null), run(1, "FAILED", "boom")),
				NOW.minus(Duration.ofMinutes(50)), NOW, DEFAULTS);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("consecutiveFailures", 0)
			.containsEntry("lagSeconds", 3000L)
			.containsEntry("lastError", "boom");
	}

	@Test
	void isDownOnceTheConfiguredNumberOfRunsFailedInARow() {
		List<IngestionHealthRepository.FinishedRun> two = List.of(run(3, "FAILED", "warehouse unreachable"),
				run(2, "FAILED", "older"));
		assertThat(IngestionHealth.assess(two, NOW, NOW, DEFAULTS).getStatus()).isEqualTo(Status.UP);
		Health three = IngestionHealth.assess(List.of(run(4, "FAILED", "warehouse unreachable"), two.get(0), two.get(1)),
				NOW, NOW, DEFAULTS);
		assertThat(three.getStatus()).isEqualTo(Status.DOWN);
		assertThat(three.getDetails()).containsEntry("reason", "the last 3 ingestion runs failed")
			.containsEntry("lastFailedRun", 4L)
			.containsEntry("lastError", "warehouse unreachable");
	}

	@Test
	void isDownWhenTheHistoryLagsMoreThanAllowed() {
		Health health = IngestionHealth.assess(List.of(run(1, "SUCCEEDED", null)), NOW.minus(Duration.ofHours(4)), NOW,
				DEFAULTS);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails().get("reason").toString()).contains("PT4H").contains("PT3H");
	}

	@Test
	void isDownWhenTheStoreCannotBeRead() throws Exception {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		var store = JdbcClient.create(new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:" + closedPort + "/lakegov"));
		Health health = new IngestionHealthIndicator(new IngestionHealthRepository(store), DEFAULTS, SOURCES,
				Clock.fixed(NOW, ZoneOffset.UTC)).health();
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("reason", "the store cannot be read");
		assertThat(health.getDetails().get("lastError").toString()).contains("Connection");
	}

	@Test
	void refusesSettingsThatCouldNeverBeUp() {
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestHealthProperties(Duration.ZERO, 3, 0.05));
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestHealthProperties(Duration.ofHours(1), 0, 0.05));
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestHealthProperties(Duration.ofHours(1), 3, 1.5));
	}

	private static IngestionHealthRepository.FinishedRun run(long id, String status, String error) {
		return new IngestionHealthRepository.FinishedRun(id, "SCHEDULED", status, NOW.minusSeconds(60 * id), error, 0, 0);
	}

	@Test
	void saysWhatToDoWhenTooManyTextsOfTheLastGoodRunWereMaskedAndStaysUp() {
		var masked = new IngestionHealthRepository.FinishedRun(3, "SCHEDULED", "SUCCEEDED", NOW, null, 200, 100);
		Health health = IngestionHealth.assess(List.of(masked), NOW.minusSeconds(60), NOW, DEFAULTS);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("maskedShare", 0.5);
		assertThat(health.getDetails().get("advice").toString()).startsWith("50% of the statement texts")
			.contains("databricks_pii_access");

		var fine = new IngestionHealthRepository.FinishedRun(4, "SCHEDULED", "SUCCEEDED", NOW, null, 200, 2);
		Health quiet = IngestionHealth.assess(List.of(fine), NOW.minusSeconds(60), NOW, DEFAULTS);
		assertThat(quiet.getDetails()).containsEntry("maskedShare", 0.01).doesNotContainKey("advice");
	}

}
