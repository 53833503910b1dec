package io.lakegov.embedded;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The PostgreSQL that lakegov starts inside itself when no database is configured.
 *
 * @param enabled whether to start it when {@code spring.datasource.url} is not set
 * @param directory where its data (and the generated API key) is kept across restarts
 * @param port the port it listens on, 0 for any free port
 */
@ConfigurationProperties("lakegov.embedded")
public record EmbeddedDatabaseProperties(
		@DefaultValue("true") boolean enabled,
		@DefaultValue(".lakegov") Path directory,
		@DefaultValue("0") int port) {

	public EmbeddedDatabaseProperties {
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException("lakegov.embedded.port must be between 0 and 65535, was " + port);
		}
	}

	Path dataDirectory() {
		return directory.resolve("pgdata");
	}

}
