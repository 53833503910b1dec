package io.lakegov.retention;

import java.io.IOException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.lakegov.history.Sources;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoppableSource;
import io.lakegov.support.TestApi;
import io.lakegov.support.ToggleProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two retention answers read the source live (its inventory, {@code SHOW TBLPROPERTIES},
 * {@code DESCRIBE HISTORY}). Against a PostgreSQL source of their own, reached through a proxy as a
 * principal with grants of its own, they answer 200 from what the store knows and state the gap when the
 * source lacks a table, lacks a column, refuses the grant, refuses connections or never answers, and they
 * wait for it no longer than {@code lakegov.source.request-timeout}, however long the connection timeout.
 */
@IntegrationTest(properties = { "lakegov.retention.proposals-cache-ttl=0s", "lakegov.retention.settings-cache-ttl=0s",
		"lakegov.retention.history-cache-ttl=0s", "lakegov.source.request-timeout=1s",
		"lakegov.source.connection-timeout=30s", "lakegov.ingest.retries=0" })
class RetentionOddSourcesIntegrationTests {

	static final String READER = "lakegov_reader";

	static final StoppableSource SOURCE = StoppableSource.start();

	static final ToggleProxy PROXY = proxy();

	static final String GONE = "[DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION] Cannot time travel "
			+ "beyond delta.deletedFileRetentionDuration (168 HOURS) set on the table. SQLSTATE: 0AKDC";

	static final String TRAVELLED = "main.odd.travel";

	static final String FORGOTTEN = "main.odd.forgotten";

	/** The metadata tables of the local warehouse, which the tests take away in turn. */
	static final List<String> METADATA = List.of("lakehouse.tables", "lakehouse.table_properties",
			"lakehouse.table_history");

	static boolean seeded;

	@DynamicPropertySource
	static void source(DynamicPropertyRegistry registry) {
		registry.add("lakegov.source.url", () -> "jdbc:postgresql://127.0.0.1:" + PROXY.port() + "/postgres");
		registry.add("lakegov.source.username", () -> READER);
		registry.add("lakegov.source.table", () -> "query.history");
		registry.add("lakegov.source.inventory-table", () -> "lakehouse.tables");
		registry.add("lakegov.source.lineage-table", () -> "access.table_lineage");
		registry.add("lakegov.source.columns-table", () -> "lakehouse.columns");
	}

	private static ToggleProxy proxy() {
		SOURCE.jdbc().sql("""
				CREATE ROLE %1$s LOGIN;
				GRANT USAGE ON SCHEMA query, lakehouse, access TO %1$s;
				GRANT SELECT ON ALL TABLES IN SCHEMA query, lakehouse, access TO %1$s""".formatted(READER)).update();
		try {
			ToggleProxy proxy = new ToggleProxy(SOURCE.port());
			proxy.start();
			return proxy;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@AfterAll
	static void closeSource() throws IOException {
		PROXY.close();
		SOURCE.close();
	}

	@LocalServerPort
	int port;

	@Autowired
	IngestionService ingestion;

	@Autowired
	Sources sources;

	@BeforeEach
	void seedOnce() {
		if (seeded) {
			return;
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		String at = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
			.withZone(ZoneOffset.UTC)
			.format(now.minus(20, ChronoUnit.DAYS));
		SOURCE.rows()
			.row("odd-1")
			.text("SELECT count(*) FROM " + TRAVELLED + " TIMESTAMP AS OF '" + at + "'")
			.user("ann")
			.status("FAILED")
			.set("error_message", GONE)
			.started(now.minusSeconds(60))
			.save();
		SOURCE.rows()
			.row("odd-2")
			.text("SELECT * FROM " + TRAVELLED + " VERSION AS OF 4")
			.user("bob")
			.started(now.minusSeconds(50))
			.save();
		Timestamp longAgo = Timestamp.from(now.minus(400, ChronoUnit.DAYS));
		for (String name : List.of("travel", "forgotten")) {
			SOURCE.jdbc()
				.sql("""
						INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
						VALUES ('main', 'odd', :name, 'MANAGED', :created, :created)""")
				.param("name", name)
				.param("created", longAgo)
				.update();
		}
		SOURCE.jdbc()
			.sql("INSERT INTO lakehouse.table_properties VALUES (:table, 'delta.logRetentionDuration', 'interval 30 days')")
			.param("table", TRAVELLED)
			.update();
		SOURCE.jdbc()
			.sql("INSERT INTO lakehouse.table_history VALUES (:table, 4, :at, 'WRITE')")
			.param("table", TRAVELLED)
			.param("at", Timestamp.from(now.minus(2, ChronoUnit.DAYS)))
			.update();
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		seeded = true;
	}

	@Test
	void aSourceThatAnswersGivesEverything() {
		JsonNode proposals = proposals().getBody();
		assertThat(proposals.get("inventory").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(proposals.get("metadata").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(kinds(proposals)).contains("RAISE " + TRAVELLED, "REVIEW_UNUSED " + FORGOTTEN);
		assertThat(raise(proposals).get("settingsKnown").asBoolean()).isTrue();

		JsonNode table = table().getBody();
		assertThat(table.get("inventory").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(table.get("metadata").get("status").asString()).isEqualTo("AVAILABLE");
		assertThat(table.get("settings").get("known").asBoolean()).isTrue();
		assertThat(table.get("evidence").get("depthKnown").asInt()).isEqualTo(2);
	}

	@Test
	void aSourceWithoutTheMetadataTablesStatesTheGap() {
		for (String name : METADATA) {
			SOURCE.jdbc().sql("ALTER TABLE " + name + " RENAME TO " + name.substring(name.indexOf('.') + 1) + "_gone").update();
		}
		try {
			assertDegraded("the source lacks a table, or its principal may not see it, for the table inventory lakehouse.tables",
					"the source lacks a table, or its principal may not see it, for ");
		}
		finally {
			for (String name : METADATA) {
				SOURCE.jdbc().sql("ALTER TABLE " + name + "_gone RENAME TO " + name.substring(name.indexOf('.') + 1)).update();
			}
		}
	}

	@Test
	void aSourceLackingAColumnStatesTheGap() {
		// laid out like PostgreSQL's own information_schema.tables, which has no created column
		renameColumns("created", "created_on", "table_full_name", "full_name", "table_full_name", "full_name");
		try {
			assertDegraded("the source lacks a column lakegov reads (it is not laid out like Databricks) for the table "
					+ "inventory lakehouse.tables", "the source lacks a column lakegov reads");
		}
		finally {
			renameColumns("created_on", "created", "full_name", "table_full_name", "full_name", "table_full_name");
		}
	}

	@Test
	void aSourceThatRefusesTheGrantStatesTheGap() {
		SOURCE.jdbc().sql("REVOKE SELECT ON " + String.join(", ", METADATA) + " FROM " + READER).update();
		try {
			assertDegraded("the source refused its principal permission for the table inventory lakehouse.tables",
					"the source refused its principal permission for ");
		}
		finally {
			SOURCE.jdbc().sql("GRANT SELECT ON " + String.join(", ", METADATA) + " TO " + READER).update();
		}
	}

	@Test
	void aSourceThatRefusesConnectionsIsWaitedForOnlyTheRequestTimeout() {
		PROXY.stop();
		evictPooledConnections();
		try {
			assertDegradedWithinTheBound();
		}
		finally {
			PROXY.start();
		}
	}

	@Test
	void aSourceThatNeverAnswersIsWaitedForOnlyTheRequestTimeout() {
		PROXY.hang();
		evictPooledConnections();
		try {
			assertDegradedWithinTheBound();
		}
		finally {
			PROXY.stop();
			PROXY.start();
		}
	}

	/** The next read needs a new connection, rather than finding a pooled one cut. */
	private void evictPooledConnections() {
		((HikariDataSource) sources.primary().database().dataSource()).getHikariPoolMXBean().softEvictConnections();
	}

	private void assertDegradedWithinTheBound() {
		String reason = "the source did not answer within 1s (lakegov.source.request-timeout) for ";
		long started = System.nanoTime();
		assertDegraded(reason + "the table inventory lakehouse.tables", reason);
		// two answers, each waiting 1 s for the source, while the pool would wait 30 s for a connection
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
	}

	/** Both answers are 200 from the store, without what the source did not give, and say why. */
	private void assertDegraded(String inventoryReason, String metadataReason) {
		ResponseEntity<JsonNode> proposalsResponse = proposals();
		assertThat(proposalsResponse.getStatusCode().value()).isEqualTo(200);
		JsonNode proposals = proposalsResponse.getBody();
		assertThat(proposals.get("inventory").get("status").asString()).isEqualTo("UNAVAILABLE");
		assertThat(proposals.get("inventory").get("reason").asString()).isEqualTo(inventoryReason);
		assertThat(proposals.get("metadata").get("status").asString()).isEqualTo("UNAVAILABLE");
		assertThat(proposals.get("metadata").get("reason").asString()).startsWith(metadataReason);
		// the failed time travel is in the store: RAISE still, on assumed settings
		assertThat(kinds(proposals)).contains("RAISE " + TRAVELLED).doesNotContain("REVIEW_UNUSED " + FORGOTTEN);
		assertThat(raise(proposals).get("settingsKnown").asBoolean()).isFalse();

		ResponseEntity<JsonNode> tableResponse = table();
		assertThat(tableResponse.getStatusCode().value()).isEqualTo(200);
		JsonNode table = tableResponse.getBody();
		assertThat(table.get("inventory").get("status").asString()).isEqualTo("UNAVAILABLE");
		assertThat(table.get("inventory").get("reason").asString()).isEqualTo(inventoryReason);
		assertThat(table.get("metadata").get("status").asString()).isEqualTo("UNAVAILABLE");
		assertThat(table.get("metadata").get("reason").asString()).startsWith(metadataReason);
		assertThat(table.get("settings").get("known").asBoolean()).isFalse();
		assertThat(table.get("settings").get("note").asString()).startsWith("settings unknown, defaults assumed: "
				+ metadataReason);
		JsonNode evidence = table.get("evidence");
		assertThat(evidence.get("timeTravelReads").asInt()).isEqualTo(2);
		// the version read has no depth without DESCRIBE HISTORY
		assertThat(evidence.get("depthUnknown").asInt()).isEqualTo(1);
		assertThat(table.get("proposals").get(0).get("kind").asString()).isEqualTo("RAISE");
	}

	private void renameColumns(String... pairs) {
		for (int i = 0; i < pairs.length; i += 2) {
			SOURCE.jdbc()
				.sql("ALTER TABLE " + METADATA.get(i / 2) + " RENAME COLUMN " + pairs[i] + " TO " + pairs[i + 1])
				.update();
		}
	}

	private ResponseEntity<JsonNode> proposals() {
		return TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
			.get()
			.uri("/api/v1/retention/proposals?size=500")
			.retrieve()
			.toEntity(JsonNode.class);
	}

	private ResponseEntity<JsonNode> table() {
		return TestApi.withKey(port, IntegrationTest.VIEWER_KEY)
			.get()
			.uri("/api/v1/tables/{table}/retention", TRAVELLED)
			.retrieve()
			.toEntity(JsonNode.class);
	}

	private static List<String> kinds(JsonNode page) {
		List<String> found = new ArrayList<>();
		page.get("items").forEach(item -> found.add(item.get("kind").asString() + " " + item.get("table").asString()));
		return found;
	}

	private static JsonNode raise(JsonNode page) {
		for (JsonNode item : page.get("items")) {
			if (item.get("kind").asString().equals("RAISE") && item.get("table").asString().equals(TRAVELLED)) {
				return item;
			}
		}
		throw new AssertionError("no RAISE proposal for " + TRAVELLED + " in " + page);
	}

}
