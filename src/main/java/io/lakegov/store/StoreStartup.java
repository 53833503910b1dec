package io.lakegov.store;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A replica that starts while its store is away (restarting, failing over, or simply started after the
 * service) waits for it instead of exiting: the migration that opens every start is retried, with a growing
 * pause, for {@code lakegov.store.startup-wait}. Only a store that does not answer is waited for; one that
 * answers and refuses (wrong password, no such database) fails the start at once, as waiting cannot mend it.
 */
@Configuration(proxyBeanMethods = false)
class StoreStartup {

	private static final Logger log = LoggerFactory.getLogger(StoreStartup.class);

	private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

	private static final Duration LONGEST_PAUSE = Duration.ofSeconds(15);

	@Bean
	FlywayMigrationStrategy waitForStore(StoreProperties properties) {
		return flyway -> migrate(flyway, properties.startupWait());
	}

	static void migrate(Flyway flyway, Duration wait) {
		Instant deadline = Instant.now().plus(wait);
		Duration pause = FIRST_PAUSE;
		while (true) {
			try {
				flyway.migrate();
				return;
			}
			catch (RuntimeException ex) {
				if (!unreachable(ex) || Instant.now().plus(pause).isAfter(deadline)) {
					throw ex;
				}
				log.warn("The store does not answer ({}); trying again in {} (giving up at {}, lakegov.store.startup-wait)",
						reason(ex), pause, deadline);
				sleep(pause);
				pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
			}
		}
	}

	/**
	 * Whether the store could not be reached, as opposed to refusing: connection failures (SQL state class 08)
	 * and a server that is shutting down or starting up (57P01 to 57P03).
	 */
	static boolean unreachable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ConnectException) {
				return true;
			}
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				String state = sql.getSQLState();
				if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
					return true;
				}
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return false;
	}

	private static String reason(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return root.getClass().getSimpleName() + ": " + root.getMessage();
	}

	private static void sleep(Duration pause) {
		try {
			Thread.sleep(pause.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the store", ex);
		}
	}

}
