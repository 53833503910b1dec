package io.lakegov.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A query history source on a PostgreSQL server of its own, which a test can stop and start again (same
 * port, same data), to see what lakegov does while its source is down. The tables are the local
 * warehouse's ({@code query.history}, {@code lakehouse.tables}); lakegov reads them as a configured
 * source, through its own connection pool.
 */
public final class StoppableSource implements AutoCloseable {

	private final int port;

	private final Path data;

	private EmbeddedPostgres server;

	private StoppableSource(int port, Path data) {
		this.port = port;
		this.data = data;
	}

	/** Starts a new server with the local warehouse's tables. */
	public static StoppableSource start() {
		try {
			StoppableSource source = new StoppableSource(FreePorts.loopback(), Files.createTempDirectory("lakegov-source"));
			source.resume();
			String ddl = new ClassPathResource("warehouse/local-warehouse.sql").getContentAsString(StandardCharsets.UTF_8);
			source.jdbc().sql(ddl).update();
			return source;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public int port() {
		return port;
	}

	public String jdbcUrl() {
		return "jdbc:postgresql://localhost:" + port + "/postgres";
	}

	public JdbcClient jdbc() {
		return JdbcClient.create(server.getPostgresDatabase());
	}

	public SourceRows rows() {
		return new SourceRows(jdbc());
	}

	/** Stops the server: connections are refused until {@link #resume()}. */
	public synchronized void stop() {
		try {
			server.close();
			server = null;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Starts the server again on the same port with the same data. */
	public synchronized void resume() {
		try {
			server = EmbeddedPostgres.builder()
				.setPort(port)
				.setDataDirectory(data)
				.setCleanDataDirectory(false)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public synchronized void close() throws IOException {
		if (server != null) {
			server.close();
			server = null;
		}
		try (var files = Files.walk(data)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
		}
	}

}
