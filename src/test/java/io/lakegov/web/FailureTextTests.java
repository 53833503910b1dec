package io.lakegov.web;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

import org.springframework.transaction.TransactionSystemException;

import static org.assertj.core.api.Assertions.assertThat;

class FailureTextTests {

	@Test
	void saysWhatFailedTheBatchRatherThanTheRollbackThatFailedAfterIt() {
		var rollback = new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
		rollback.initApplicationException(new IllegalStateException("writing the batch failed",
				new SQLException("terminating connection due to administrator command", "57P01")));
		assertThat(FailureText.describe(rollback)).isEqualTo("IllegalStateException writing the batch failed: "
				+ "SQLException terminating connection due to administrator command");
	}

	@Test
	void listsTheMessagesOfTheChain() {
		assertThat(FailureText.describe(new IllegalStateException("outer", new SQLException("inner"))))
			.isEqualTo("IllegalStateException outer: SQLException inner");
	}

}
