package io.lakegov.usage;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static io.lakegov.usage.UsageFactRepositoryIntegrationTests.fact;
import static io.lakegov.support.Latches.await;
import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class RollupBacklogIntegrationTests {

	static final LocalDate DAY = LocalDate.of(2026, 5, 4);

	@Autowired
	UsageFactRepository facts;

	@Autowired
	RollupUpkeep upkeep;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TransactionTemplate tx;

	@Test
	void deferredFactsReachTheRollupsAtTheNextCatchUpAndNotBefore() {
		String table = "deferred" + System.nanoTime() + ".s.t";
		tx.executeWithoutResult(status -> {
			upkeep.deferToCatchUp();
			facts.replace("default", Set.of(), List.of(fact(table + "-1", 0, table, "READ", table + "-ann", DAY, null),
					fact(table + "-2", 0, table, "READ", table + "-bob", DAY, null)));
		});
		// as a process that died after the batch committed leaves the store
		assertThat(reads(table)).isZero();
		assertThat(pending(table)).isTrue();

		upkeep.catchUp();

		assertThat(reads(table)).isEqualTo(2L);
		assertThat(pending(table)).isFalse();
		RollupAssertions.assertRollupsMatchFacts(jdbc, table);
	}

	@Test
	void aTransactionWithoutDeferralCommitsItsRollupsWithItsFacts() {
		String table = "immediate" + System.nanoTime() + ".s.t";
		tx.executeWithoutResult(status -> facts.replace("default", Set.of(),
				List.of(fact(table + "-1", 0, table, "WRITE", table + "-ann", DAY, null))));

		assertThat(pending(table)).isFalse();
		RollupAssertions.assertRollupsMatchFacts(jdbc, table);
	}

	@Test
	void aCatchUpLeavesThePairsOfAnOpenTransactionForTheNextOneWithoutWaitingForIt() throws Exception {
		String open = "open" + System.nanoTime() + ".s.t";
		String done = "done" + System.nanoTime() + ".s.t";
		tx.executeWithoutResult(status -> {
			upkeep.deferToCatchUp();
			facts.replace("default", Set.of(), List.of(fact(done + "-1", 0, done, "READ", open + "-ann", DAY, null),
					fact(open + "-0", 0, open, "READ", open + "-ann", DAY, null)));
		});
		CountDownLatch recorded = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> tx.executeWithoutResult(status -> {
			upkeep.deferToCatchUp();
			facts.replace("default", Set.of(), List.of(fact(open + "-1", 0, open, "READ", open + "-bob", DAY, null)));
			recorded.countDown();
			await(release);
		}));
		assertThat(recorded.await(30, TimeUnit.SECONDS)).isTrue();

		CompletableFuture<Integer> catchUp = CompletableFuture.supplyAsync(upkeep::catchUp);
		catchUp.get(30, TimeUnit.SECONDS);

		assertThat(reads(done)).isEqualTo(1L);
		// the open transaction holds the pair: its rollups wait for the facts the catch-up cannot see yet
		assertThat(reads(open)).isZero();
		release.countDown();
		writer.get(30, TimeUnit.SECONDS);
		assertThat(pending(open)).isTrue();

		upkeep.catchUp();

		assertThat(reads(open)).isEqualTo(2L);
		RollupAssertions.assertRollupsMatchFacts(jdbc, open);
	}

	private long reads(String table) {
		return jdbc.sql("SELECT coalesce(sum(reads), 0) FROM table_daily WHERE table_name = :t")
			.param("t", table)
			.query(Long.class)
			.single();
	}

	private boolean pending(String table) {
		return jdbc.sql("SELECT count(*) FROM rollup_backlog WHERE table_name = :t")
			.param("t", table)
			.query(Long.class)
			.single() > 0;
	}

}
