package io.lakegov.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL of a test's own that the test can stop and start again, on the same port and data: a store
 * restarting under the service, or not there yet when a replica starts. Stopping it ends its server
 * process (a fast shutdown: sessions are cut, as in a restart or a failover).
 */
public final class RestartablePostgres implements AutoCloseable {

	private final Path directory;

	private final int port;

	private EmbeddedPostgres server;

	public RestartablePostgres(Path directory) {
		this.directory = directory;
		this.port = FreePorts.loopback();
	}

	public synchronized RestartablePostgres start() {
		if (server == null) {
			try {
				server = EmbeddedPostgres.builder()
					.setDataDirectory(directory)
					.setCleanDataDirectory(false)
					.setPort(port)
					.setServerConfig("max_connections", "100")
					.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start the test's PostgreSQL", ex);
			}
		}
		return this;
	}

	public synchronized void stop() {
		if (server != null) {
			try {
				server.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			server = null;
		}
	}

	public void createDatabase(String name) {
		try (Connection connection = server().getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + name);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not create database " + name, ex);
		}
	}

	/** The URL of a database on this server, valid across restarts (the port stays). */
	public String jdbcUrl(String database) {
		return "jdbc:postgresql://localhost:" + port + "/" + database + "?user=postgres";
	}

	private synchronized EmbeddedPostgres server() {
		if (server == null) {
			throw new IllegalStateException("The test's PostgreSQL is stopped");
		}
		return server;
	}

	@Override
	public void close() {
		stop();
	}

}
