package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class UsageFactRepositoryIntegrationTests {

	@Autowired
	UsageFactRepository facts;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TransactionTemplate tx;

	@Test
	void replacingFactsKeepsRollupsEqualToARecomputationFromFacts() {
		var random = new Random(42);
		String prefix = "rnd" + System.nanoTime() + ".s.t";
		for (int round = 0; round < 60; round++) {
			Set<String> statements = new TreeSet<>();
			List<UsageFact> batch = new ArrayList<>();
			for (int s = 0; s < 1 + random.nextInt(20); s++) {
				String statement = prefix + "-stmt-" + random.nextInt(40);
				if (!statements.add(statement)) {
					continue;
				}
				int accesses = random.nextInt(4);
				for (int a = 0; a < accesses; a++) {
					batch.add(fact(statement, a, prefix + random.nextInt(5), random.nextBoolean() ? "READ" : "WRITE",
							"user" + random.nextInt(3), LocalDate.of(2026, 3, 1 + random.nextInt(3)),
							random.nextInt(5) == 0 ? "VERSION" : null));
				}
			}
			tx.executeWithoutResult(status -> facts.replace(statements, batch));
			assertRollupsMatchFacts(prefix);
		}
		assertThat(jdbc.sql("SELECT count(*) FROM table_access WHERE table_name LIKE :p")
			.param("p", prefix + "%")
			.query(Long.class)
			.single()).isPositive();
	}

	@Test
	void countsAStatementOnceWhenItReadsATableTwice() {
		String table = "twice" + System.nanoTime() + ".s.t";
		LocalDate day = LocalDate.of(2026, 4, 1);
		tx.executeWithoutResult(status -> facts.replace(Set.of("self-join"),
				List.of(fact("self-join", 0, table, "READ", "ann", day, null),
						fact("self-join", 1, table, "READ", "ann", day, "VERSION"))));
		assertThat(jdbc.sql("SELECT reads, time_travel_reads, readers FROM table_daily WHERE table_name = :t")
			.param("t", table)
			.query((rs, n) -> List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)))
			.single()).containsExactly(1L, 1L, 1L);
	}

	private void assertRollupsMatchFacts(String prefix) {
		long usageDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id,
				         count(DISTINCT statement_id) AS statements,
				         count(DISTINCT statement_id) FILTER (WHERE time_travel_kind IS NOT NULL) AS tt,
				         min(event_time) AS first_event, max(event_time) AS last_event
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name, user_name, role, source_kind, source_id),
				actual AS (
				  SELECT business_date, table_name, user_name, role, source_kind, source_id, statements,
				         time_travel_statements AS tt, first_event, last_event
				  FROM usage_daily WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", prefix + "%")
			.query(Long.class)
			.single();
		long tableDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT business_date, table_name,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'WRITE') AS writes,
				         count(DISTINCT user_name) AS users
				  FROM table_access WHERE table_name LIKE :p
				  GROUP BY business_date, table_name),
				actual AS (SELECT business_date, table_name, reads, writes, users::bigint FROM table_daily
				           WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", prefix + "%")
			.query(Long.class)
			.single();
		long lineageDiff = jdbc.sql("""
				WITH expected AS (
				  SELECT r.business_date, r.table_name AS source_table, w.table_name AS target_table,
				         count(DISTINCT r.statement_id) AS statements, max(r.event_time) AS last_event
				  FROM table_access r
				  JOIN table_access w ON w.statement_id = r.statement_id AND w.role = 'WRITE'
				      AND w.table_name <> r.table_name
				  WHERE r.role = 'READ' AND r.table_name LIKE :p
				  GROUP BY r.business_date, r.table_name, w.table_name),
				actual AS (SELECT business_date, source_table, target_table, statements, last_event
				           FROM table_lineage_daily WHERE source_table LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", prefix + "%")
			.query(Long.class)
			.single();
		long summaryDiff = jdbc.sql("""
				WITH per_day AS (
				  -- statements are counted per day, as in table_daily (this test spreads a statement's
				  -- accesses over days, which real statements never do)
				  SELECT table_name, business_date,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'READ') AS reads,
				         count(DISTINCT statement_id) FILTER (WHERE role = 'WRITE') AS writes,
				         max(event_time) FILTER (WHERE role = 'READ') AS last_read,
				         max(event_time) FILTER (WHERE role = 'WRITE') AS last_write
				  FROM table_access WHERE table_name LIKE :p AND role IN ('READ', 'WRITE')
				  GROUP BY table_name, business_date),
				expected AS (
				  SELECT table_name, min(business_date) AS first_date, max(business_date) AS last_date,
				         sum(reads) AS reads, sum(writes) AS writes, max(last_read) AS last_read,
				         max(last_write) AS last_write, max(business_date) FILTER (WHERE reads > 0) AS last_read_date,
				         max(business_date) FILTER (WHERE writes > 0) AS last_write_date
				  FROM per_day GROUP BY table_name),
				actual AS (SELECT table_name, first_date, last_date, reads, writes, last_read, last_write,
				                  last_read_date, last_write_date
				           FROM table_summary WHERE table_name LIKE :p)
				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM expected)) d""")
			.param("p", prefix + "%")
			.query(Long.class)
			.single();
		assertThat(lineageDiff).as("table_lineage_daily rows differing from the facts").isZero();
		assertThat(summaryDiff).as("table_summary rows differing from the facts").isZero();
		assertThat(usageDiff).as("usage_daily rows differing from the facts").isZero();
		assertThat(tableDiff).as("table_daily rows differing from the facts").isZero();
	}

	static UsageFact fact(String statement, int no, String table, String role, String user, LocalDate day,
			String timeTravel) {
		Instant time = day.atTime(10, no).toInstant(ZoneOffset.UTC);
		return new UsageFact(statement, no, table, table, true, role, "SELECT", timeTravel,
				timeTravel == null ? null : "3", timeTravel == null ? null : "AS_OF", user, time, day, "ADHOC", "",
				"FINISHED");
	}

}
