package io.lakegov.usage;

import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The scheduled catch-up while the store refuses connections: the PostgreSQL driver is refused on a port
 * nothing listens on, so the catch-up cannot even begin its transaction.
 */
@ExtendWith(OutputCaptureExtension.class)
class RollupUpkeepStoreAwayTests {

	@Test
	void aStoreThatRefusesConnectionsIsOneWarningPerTickAndNoError(CapturedOutput output) throws Exception {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		DriverManagerDataSource away = new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:" + port
				+ "/lakegov?connectTimeout=2", "lakegov", "lakegov");
		RollupUpkeep upkeep = new RollupUpkeep(null, null, null,
				new TransactionTemplate(new DataSourceTransactionManager(away)),
				new UsageProperties(ZoneId.of("UTC"), false, 1, 0, Duration.ofSeconds(15), 5000), Clock.systemUTC(),
				null);

		assertThatNoException().isThrownBy(upkeep::catchUpLeft);
		assertThatNoException().isThrownBy(upkeep::catchUpLeft);

		assertThat(output.getAll().lines().filter(line -> line.contains("Could not catch up the rollup backlog")))
			.hasSize(2)
			.allSatisfy(line -> assertThat(line).contains("WARN", "refused"));
		assertThat(output.getAll()).doesNotContain("ERROR", "\tat ");
	}

}
