package io.lakegov.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL server started inside the service, its data kept in a local folder across restarts.
 * It holds the store ({@code lakegov} database) and, in demo mode, the demo warehouse.
 */
public final class EmbeddedDatabase implements AutoCloseable {

	public static final String USER = "postgres";

	private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);

	private final EmbeddedPostgres postgres;

	private EmbeddedDatabase(EmbeddedPostgres postgres) {
		this.postgres = postgres;
	}

	/** Starts the server on the given data folder, creating it on first use. */
	public static EmbeddedDatabase start(EmbeddedDatabaseProperties properties) {
		try {
			Files.createDirectories(properties.dataDirectory());
			EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
				.setDataDirectory(properties.dataDirectory())
				.setCleanDataDirectory(false)
				.setServerConfig("max_connections", "100")
				.setServerConfig("shared_buffers", properties.sharedBuffers())
				.setServerConfig("max_wal_size", properties.maxWalSize())
				// the library's defaults are for throwaway test databases (no fsync, commits acknowledged
				// before they are written); this one keeps a user's store, and lakegov acts on a commit as
				// done: a watermark moved, a notification recorded as sent
				.setServerConfig("fsync", "on")
				.setServerConfig("synchronous_commit", "on");
			if (properties.port() != 0) {
				builder.setPort(properties.port());
			}
			EmbeddedPostgres postgres = builder.start();
			log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(),
					properties.dataDirectory().toAbsolutePath());
			return new EmbeddedDatabase(postgres);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + properties.dataDirectory(), ex);
		}
	}

	/** The JDBC URL of a database on this server, created when missing. */
	public String jdbcUrl(String database) {
		ensureDatabase(database);
		return postgres.getJdbcUrl(USER, database);
	}

	public int port() {
		return postgres.getPort();
	}

	private void ensureDatabase(String database) {
		if (!database.matches("[a-z_][a-z0-9_]*")) {
			throw new IllegalArgumentException("Not a plain database name: " + database);
		}
		try (Connection connection = postgres.getPostgresDatabase().getConnection();
				PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
			exists.setString(1, database);
			try (ResultSet rows = exists.executeQuery()) {
				if (rows.next()) {
					return;
				}
			}
			try (Statement create = connection.createStatement()) {
				// the name was checked against a plain identifier pattern above
				create.execute("CREATE DATABASE " + database);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not create database " + database + " in the embedded PostgreSQL", ex);
		}
	}

	@Override
	public void close() throws IOException {
		postgres.close();
	}

}
