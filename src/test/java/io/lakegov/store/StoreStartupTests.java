package io.lakegov.store;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.CannotGetJdbcConnectionException;

import static org.assertj.core.api.Assertions.assertThat;

class StoreStartupTests {

	@Test
	void waitsForAStoreThatDoesNotAnswer() {
		assertThat(StoreStartup.unreachable(new IllegalStateException("migration failed",
				new SQLTransientConnectionException("pool", "08001", new ConnectException("Connection refused"))))).isTrue();
		assertThat(StoreStartup.unreachable(new CannotGetJdbcConnectionException("no connection",
				new SQLException("the database system is starting up", "57P03")))).isTrue();
		assertThat(StoreStartup.unreachable(new RuntimeException(new SQLException("terminating connection", "57P01"))))
			.isTrue();
	}

	@Test
	void failsAtOnceForAStoreThatAnswersAndRefuses() {
		assertThat(StoreStartup.unreachable(new RuntimeException(
				new SQLException("password authentication failed for user \"lakegov\"", "28P01")))).isFalse();
		assertThat(StoreStartup.unreachable(new RuntimeException(new SQLException("database \"x\" does not exist", "3D000"))))
			.isFalse();
		assertThat(StoreStartup.unreachable(new IllegalStateException("checksum mismatch"))).isFalse();
	}

}
