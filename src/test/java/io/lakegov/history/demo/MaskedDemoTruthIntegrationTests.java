package io.lakegov.history.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.history.SourceDatabase;
import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a source where half the sessions have their texts masked, with the engine lineage's real gaps: the
 * readers and writers of each table are the truth wherever a witness has the access, the status says how
 * many texts were masked and what to do, and the gap (masked statements without lineage) is a number.
 */
@IntegrationTest(properties = { "lakegov.ingest.initial-lookback=20d", "lakegov.demo.masked-share=0.5" })
class MaskedDemoTruthIntegrationTests {

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	@LocalServerPort
	int port;

	@Test
	void readersAndWritersEqualTheTruthWhereAWitnessHasTheAccessAndTheGapIsCounted() {
		// a context of its own, and a store and warehouse without another test's history or watermark
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
		var warehouse = new DemoWarehouse(source, 0.5);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		List<DemoStatement> statements = new DemoWorkload(11).generate(now.minus(Duration.ofDays(14)),
				now.minus(Duration.ofHours(1)), 3000);
		warehouse.writeFinished(statements);

		IngestionRun run = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(run.status()).isEqualTo("SUCCEEDED");
		assertThat(run.lineage().status()).isEqualTo("READ");

		Set<String> expected = new TreeSet<>();
		Map<String, Long> expectedReaders = new HashMap<>();
		long masked = 0;
		long gap = 0;
		long lineageOnly = 0;
		for (DemoStatement statement : statements) {
			boolean hidden = warehouse.masked(statement);
			masked += hidden ? 1 : 0;
			gap += hidden && !DemoWarehouse.hasLineage(statement) ? 1 : 0;
			lineageOnly += DemoLineage.rows(statement).stream().filter(row -> row.statementId() == null).count();
			if (hidden && !DemoWarehouse.hasLineage(statement)) {
				continue;
			}
			Set<String> readOnce = new TreeSet<>();
			statement.truth().forEach(truth -> {
				expected.add(statement.statementId() + "|" + truth.table() + "|" + truth.role());
				if ("READ".equals(truth.role()) && readOnce.add(truth.table())) {
					expectedReaders.merge(truth.table(), 1L, Long::sum);
				}
			});
		}
		assertThat(masked).as("about half the statements are masked").isBetween(1000L, 2000L);
		assertThat(gap).isPositive().isLessThan(masked);
		Set<String> actual = new TreeSet<>(jdbc.sql("""
				SELECT statement_id || '|' || table_name || '|' || role FROM table_access
				WHERE statement_id NOT LIKE 'lineage:%'""").query(String.class).list());
		Set<String> missing = new TreeSet<>(expected);
		missing.removeAll(actual);
		Set<String> extra = new TreeSet<>(actual);
		extra.removeAll(expected);
		assertThat(missing).as("accesses a witness has but the facts lack").isEmpty();
		assertThat(extra).as("facts that are not the truth").isEmpty();
		Map<String, Long> readers = new HashMap<>();
		jdbc.sql("SELECT table_name, sum(reads) FROM table_daily WHERE table_name LIKE 'main.%' GROUP BY table_name"
				+ " HAVING sum(reads) > 0")
			.query((rs, n) -> readers.put(rs.getString(1), rs.getLong(2)))
			.list();
		long classicReads = jdbc.sql("SELECT count(*) FROM table_access WHERE statement_id LIKE 'lineage:%' AND role = 'READ'")
			.query(Long.class)
			.single();
		assertThat(classicReads).as("the classic notebook reads a path, not a table").isEqualTo(lineageOnly);
		assertThat(readers).isEqualTo(expectedReaders);

		JsonNode status = TestApi.withKey(port).get().uri("/api/v1/ingestion/status").retrieve().body(JsonNode.class);
		assertThat(status.get("maskedShare").asDouble()).isEqualTo((double) masked / statements.size());
		assertThat(status.get("advice").asString()).contains("databricks_pii_access")
			.contains(String.format(Locale.ROOT, "Of the %,d masked statements stored, the engine's lineage gives the "
					+ "tables of %,d; %,d remain unknown.", masked, masked - gap, gap));
		JsonNode lineage = status.get("lineage");
		assertThat(lineage.get("maskedStatements").asLong()).isEqualTo(masked);
		assertThat(lineage.get("maskedWithoutLineage").asLong()).isEqualTo(gap);
		assertThat(lineage.get("lineageOnlyStatements").asLong()).isEqualTo(lineageOnly).isPositive();
		assertThat(lineage.get("disagreements").asLong()).isZero();
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

}
