package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class UsageFactRepositoryIntegrationTests {

	static final String[] SOURCES = { "ADHOC/", "JOB/1", "JOB/2", "NOTEBOOK/7", "DASHBOARD/d1" };

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
		Set<String> written = new HashSet<>();
		for (int round = 0; round < 60; round++) {
			Set<String> inBatch = new HashSet<>();
			Set<String> statements = new TreeSet<>();
			List<UsageFact> batch = new ArrayList<>();
			for (int s = 0; s < 1 + random.nextInt(20); s++) {
				String statement = prefix + "-stmt-" + random.nextInt(40);
				if (!inBatch.add(statement)) {
					continue;
				}
				// a statement that never had facts may come without being named for replacement, as a
				// statement the store has never seen does
				if (!written.add(statement) || random.nextBoolean()) {
					statements.add(statement);
				}
				int accesses = random.nextInt(4);
				// a statement has one user and one query source, as in query history
				String user = prefix + "-user" + random.nextInt(3);
				String source = SOURCES[random.nextInt(SOURCES.length)];
				for (int a = 0; a < accesses; a++) {
					batch.add(fact(statement, a, prefix + random.nextInt(5), random.nextBoolean() ? "READ" : "WRITE",
							user, LocalDate.of(2026, 3, 1 + random.nextInt(3)), random.nextInt(5) == 0 ? "VERSION" : null,
							source));
				}
			}
			tx.executeWithoutResult(status -> facts.replace("default", statements, batch));
			RollupAssertions.assertRollupsMatchFacts(jdbc, prefix + "%");
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
		tx.executeWithoutResult(status -> facts.replace("default", Set.of("self-join"),
				List.of(fact("self-join", 0, table, "READ", "ann", day, null),
						fact("self-join", 1, table, "READ", "ann", day, "VERSION"))));
		assertThat(jdbc.sql("SELECT reads, time_travel_reads, readers FROM table_daily WHERE table_name = :t")
			.param("t", table)
			.query((rs, n) -> List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)))
			.single()).containsExactly(1L, 1L, 1L);
	}

	static UsageFact fact(String statement, int no, String table, String role, String user, LocalDate day,
			String timeTravel) {
		return fact(statement, no, table, role, user, day, timeTravel, "ADHOC/");
	}

	/** A fact whose query source is given as {@code kind/id}. */
	static UsageFact fact(String statement, int no, String table, String role, String user, LocalDate day,
			String timeTravel, String source) {
		Instant time = day.atTime(10, no).toInstant(ZoneOffset.UTC);
		int slash = source.indexOf('/');
		return new UsageFact(statement, no, table, table, true, role, "SELECT", timeTravel,
				timeTravel == null ? null : "3", timeTravel == null ? null : "AS_OF", user, time, day,
				source.substring(0, slash), source.substring(slash + 1), "FINISHED");
	}

}
