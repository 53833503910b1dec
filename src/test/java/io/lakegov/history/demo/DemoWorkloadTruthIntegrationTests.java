package io.lakegov.history.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.history.SourceDatabase;
import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo workload knows what each statement touched; what lakegov derives from the same history
 * through the same JDBC source as production must be exactly that.
 */
@IntegrationTest(properties = "lakegov.ingest.initial-lookback=20d")
class DemoWorkloadTruthIntegrationTests {

	@Autowired
	SourceDatabase source;

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	@Test
	void usageFactsEqualWhatTheGeneratorKnowsEachStatementTouched() {
		var warehouse = new DemoWarehouse(source);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		List<DemoStatement> statements = new DemoWorkload(7).generate(now.minus(Duration.ofDays(14)),
				now.minus(Duration.ofMinutes(5)), 3000);
		List<DemoStatement> running = statements.subList(statements.size() - 50, statements.size());
		warehouse.writeFinished(statements.subList(0, statements.size() - 50));
		warehouse.writeRunning(running);

		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(first.status()).isEqualTo("SUCCEEDED");
		// they finish now, so the source stamps them with a new update_time
		Instant finished = Instant.now().minusSeconds(5);
		warehouse.writeFinished(running.stream()
			.map(statement -> statement.withStatus(statement.status(), statement.errorMessage(), finished))
			.toList());
		IngestionRun second = ingestion.runIncremental(RunKind.MANUAL);
		assertThat(second.rowsChanged()).isEqualTo(running.size());

		Map<String, Set<String>> actual = new HashMap<>();
		jdbc.sql("SELECT statement_id, table_name, role, time_travel_kind, time_travel_value FROM table_access")
			.query((rs, n) -> Map.entry(rs.getString(1),
					line(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5))))
			.list()
			.forEach(entry -> actual.computeIfAbsent(entry.getKey(), id -> new TreeSet<>()).add(entry.getValue()));
		int compared = 0;
		for (DemoStatement statement : statements) {
			Set<String> expected = new TreeSet<>();
			statement.truth()
				.forEach(truth -> expected.add(line(truth.table(), truth.role(), truth.timeTravelKind(),
						truth.timeTravelValue())));
			assertThat(actual.getOrDefault(statement.statementId(), Set.of()))
				.as("tables of %s: %s", statement.statementId(), statement.text())
				.isEqualTo(expected);
			compared++;
		}
		assertThat(compared).isGreaterThanOrEqualTo(3000);
		assertThat(jdbc.sql("SELECT count(*) FROM query_history WHERE execution_status = 'RUNNING'")
			.query(Long.class)
			.single()).isZero();
		assertThat(jdbc.sql("SELECT count(DISTINCT source_kind) FROM table_access").query(Long.class).single())
			.isGreaterThanOrEqualTo(7);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	private static String line(String table, String role, String kind, String value) {
		return table + "|" + role + "|" + (kind == null ? "-" : kind + ":" + value);
	}

}
