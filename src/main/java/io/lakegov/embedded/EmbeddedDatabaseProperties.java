package io.lakegov.embedded;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The PostgreSQL that lakegov starts inside itself when no database is configured.
 *
 * @param enabled whether to start it when {@code spring.datasource.url} is not set
 * @param directory where its data (and the generated API key) is kept across restarts
 * @param port the port it listens on, 0 for any free port
 * @param sharedBuffers PostgreSQL's {@code shared_buffers}: ingestion touches index pages all over the
 * store's tables, and PostgreSQL's own default of 128MB makes a first load of a month of history write and
 * re-read the same pages many times
 * @param maxWalSize PostgreSQL's {@code max_wal_size}: fewer checkpoints during a long ingestion run
 * @param watchInterval how often the service checks that the server runs, and starts it again if it died
 */
@ConfigurationProperties("lakegov.embedded")
public record EmbeddedDatabaseProperties(
		@DefaultValue("true") boolean enabled,
		@DefaultValue(".lakegov") Path directory,
		@DefaultValue("0") int port,
		@DefaultValue("512MB") String sharedBuffers,
		@DefaultValue("2GB") String maxWalSize,
		@DefaultValue("5s") Duration watchInterval) {

	private static final Pattern MEMORY = Pattern.compile("[1-9][0-9]{0,9}(kB|MB|GB|TB)");

	public EmbeddedDatabaseProperties {
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException("lakegov.embedded.port must be between 0 and 65535, was " + port);
		}
		requireMemory("lakegov.embedded.shared-buffers", sharedBuffers);
		requireMemory("lakegov.embedded.max-wal-size", maxWalSize);
		if (watchInterval == null || watchInterval.isNegative() || watchInterval.toMillis() < 100
				|| watchInterval.compareTo(Duration.ofHours(1)) > 0) {
			throw new IllegalArgumentException(
					"lakegov.embedded.watch-interval must be between 100ms and 1h, was " + watchInterval);
		}
	}

	private static void requireMemory(String property, String value) {
		if (value == null || !MEMORY.matcher(value).matches()) {
			throw new IllegalArgumentException(property + " must be a PostgreSQL size such as 512MB or 2GB, was " + value);
		}
	}

	Path dataDirectory() {
		return directory.resolve("pgdata");
	}

}
