package io.lakegov.web;

import java.nio.charset.StandardCharsets;
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

	@Test
	void anExcerptOfAnAnswerIsPrintableShortAndMasked() {
		byte[] answer = "  refused\u0000\tby\u001bproxy password=hunter2 and more ".getBytes(StandardCharsets.UTF_8);
		assertThat(FailureText.excerpt(answer, 200)).isEqualTo("refused  by proxy password=****** and more");
		assertThat(FailureText.excerpt(answer, 9)).isEqualTo("refused");
		assertThat(FailureText.excerpt("\u0000 \n".getBytes(StandardCharsets.UTF_8), 200)).isNull();
		assertThat(FailureText.excerpt(new byte[0], 200)).isNull();
	}

}
