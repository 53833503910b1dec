package io.lakegov.usage;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class StoreGenerationIntegrationTests {

	@Autowired
	StoreGeneration generation;

	@Autowired
	PlatformTransactionManager transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void keepsSeeingTheGenerationItsSnapshotStartedAtWhileBatchesCommit() {
		var readOnly = new TransactionTemplate(transactions);
		readOnly.setReadOnly(true);
		var batch = new TransactionTemplate(transactions);
		batch.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		long seen = readOnly.execute(status -> {
			long snapshot = generation.snapshot();
			assertThat(jdbc.sql("SHOW transaction_isolation").query(String.class).single()).isEqualTo("repeatable read");
			batch.executeWithoutResult(
					commit -> jdbc.sql("UPDATE store_generation SET generation = generation + 1").update());
			assertThat(generation.current()).isEqualTo(snapshot);
			return snapshot;
		});
		assertThat(generation.current()).isGreaterThan(seen);
	}

	@Test
	void leavesTheNextTransactionOnTheConnectionAtItsDefaultIsolation() {
		var readOnly = new TransactionTemplate(transactions);
		readOnly.setReadOnly(true);
		readOnly.executeWithoutResult(status -> generation.snapshot());
		String isolation = readOnly
			.execute(status -> jdbc.sql("SHOW transaction_isolation").query(String.class).single());
		assertThat(isolation).isEqualTo("read committed");
	}

}
