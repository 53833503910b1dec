package io.lakegov.retention;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import io.lakegov.support.WarehouseIntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retention evidence from real Delta tables: settings from {@code SHOW TBLPROPERTIES}, depths from
 * {@code DESCRIBE HISTORY}, and a time travel past a VACUUM that fails with Delta's own error.
 */
@WarehouseIntegrationTest
class DatabricksRetentionIntegrationTests {

	static final String TABLE = "spark_catalog.sales.orders";

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	TestWarehouse warehouse = TestWarehouse.instance();

	@Test
	void readsSettingsAndHistoryFromDeltaAndCountsTheFailedTravelPastTheVacuum() {
		// the seed vacuumed the files of versions 1 and 2 away: Delta refuses, with its real error
		String travel = "SELECT * FROM " + TABLE + " VERSION AS OF 1";
		String error = null;
		try (Connection connection = warehouse.connect(); Statement statement = connection.createStatement()) {
			statement.executeQuery(travel).next();
		}
		catch (SQLException ex) {
			error = ex.getMessage();
		}
		assertThat(error).as("time travel past the VACUUM").isNotNull().contains("does not exist");

		StoreReset.resetKeepingAnalyses(jdbc);
		WarehouseHistory source = new WarehouseHistory(warehouse);
		source.clear();
		String nonce = UUID.randomUUID().toString().substring(0, 8);
		// after the seed's commits, which set the depths; its update time (5 s later) before now
		Instant start = Instant.now().minusSeconds(8);
		source.insert(List.of(
				source.row("tt-failed").user("fay@corp.example").status("FAILED").error(error).started(start)
					.text(travel + " -- " + nonce),
				source.row("tt-ok").user("gus@corp.example").started(start.plusSeconds(1))
					.text("SELECT * FROM " + TABLE + " VERSION AS OF 5 -- " + nonce)));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		JsonNode retention = TestApi.withKey(port)
			.get()
			.uri("/api/v1/tables/{table}/retention", TABLE)
			.retrieve()
			.body(JsonNode.class);

		assertThat(retention.get("inventory").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(retention.get("metadata").get("status").asString()).isEqualTo("AVAILABLE");
		JsonNode settings = retention.get("settings");
		assertThat(settings.get("format").asString()).isEqualTo("DELTA");
		assertThat(settings.get("known").asBoolean()).isTrue();
		assertThat(setting(settings, "delta.logRetentionDuration")).isEqualTo("interval 60 days|60.0|false");
		// one hour, in days to two places
		assertThat(setting(settings, "delta.deletedFileRetentionDuration")).isEqualTo("interval 1 hours|0.04|false");
		JsonNode evidence = retention.get("evidence");
		assertThat(evidence.get("timeTravelReads").asInt()).isEqualTo(2);
		assertThat(evidence.get("failures").asInt()).isEqualTo(1);
		assertThat(evidence.get("failureClasses").get("DELTA_FILE_NOT_FOUND_DETAILED").asInt()).isEqualTo(1);
		// both versions are in DESCRIBE HISTORY, so both depths are known
		assertThat(evidence.get("depthKnown").asInt()).isEqualTo(2);
		assertThat(evidence.get("users").valueStream().map(JsonNode::asString).toList())
			.containsExactly("fay@corp.example", "gus@corp.example");
	}

	private static String setting(JsonNode settings, String property) {
		return settings.get("values")
			.valueStream()
			.filter(value -> value.get("property").asString().equals(property))
			.map(value -> value.get("value").asString() + "|" + value.get("days").asDouble() + "|"
					+ value.get("defaulted").asBoolean())
			.findFirst()
			.orElse("missing");
	}

}
