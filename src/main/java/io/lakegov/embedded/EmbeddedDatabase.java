package io.lakegov.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL server started inside the service, its data kept in a local folder across restarts.
 * It holds the store ({@code lakegov} database) and, in demo mode, the demo warehouse.
 * <p>
 * Nobody else looks after this server, so the service does: a server that dies (killed, out of memory) is
 * started again on the same port and folder within {@code lakegov.embedded.watch-interval}, and recovers
 * from its write-ahead log, so every commit acknowledged before is there. A server left running by a
 * lakegov that was killed is stopped before the next start, since it holds the folder on a port nobody
 * knows any more.
 */
public final class EmbeddedDatabase implements AutoCloseable {

	public static final String USER = "postgres";

	private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);

	/**
	 * Long enough for a server to replay its write-ahead log after it was killed (the library waits 10
	 * seconds), short enough that a server that cannot start says so.
	 */
	private static final Duration STARTUP_WAIT = Duration.ofMinutes(2);

	/** Where a server started again writes its log, in its folder (which its user owns). */
	private static final String SERVER_LOG = "restarted.log";

	private final EmbeddedPostgres postgres;

	private final Path dataDirectory;

	/**
	 * How to start the server again as the library did: its {@code pg_ctl} with the server's own options;
	 * empty where the server's command line cannot be read.
	 */
	private final List<String> restart;

	private final ScheduledExecutorService watch;

	private volatile boolean closed;

	/** Stops the server when the JVM exits without closing this. */
	private final Thread exitHook = new Thread(this::stop, "lakegov-embedded-stop");

	/** Held while the watch looks at the server or starts it, and while the server is stopped. */
	private final Lock turn = new ReentrantLock();

	/** The server's own processes when it was last seen running: a new server waits until they are gone. */
	private List<ProcessHandle> serverProcesses;

	private EmbeddedDatabase(EmbeddedPostgres postgres, EmbeddedDatabaseProperties properties, ProcessHandle server) {
		this.postgres = postgres;
		this.serverProcesses = server.children().toList();
		this.dataDirectory = properties.dataDirectory();
		this.restart = restartCommand(server, properties.dataDirectory());
		this.watch = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "lakegov-embedded-watch");
			thread.setDaemon(true);
			return thread;
		});
		if (restart.isEmpty()) {
			log.warn("Cannot read how the embedded PostgreSQL (pid {}) was started: it will not be started again if "
					+ "it dies", server.pid());
			return;
		}
		long interval = properties.watchInterval().toMillis();
		watch.scheduleWithFixedDelay(this::keepRunning, interval, interval, TimeUnit.MILLISECONDS);
	}

	/** Starts the server on the given data folder, creating it on first use. */
	public static EmbeddedDatabase start(EmbeddedDatabaseProperties properties) {
		try {
			Files.createDirectories(properties.dataDirectory());
			Postmaster.clearLeftOver(properties.dataDirectory());
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
			// this class stops the server, on close or at the JVM's exit, after it stopped watching it: a hook of
			// the library's own could stop it while the watch starts it again
			builder.setPGStartupWait(STARTUP_WAIT).setRegisterShutdownHook(false);
			if (properties.port() != 0) {
				builder.setPort(properties.port());
			}
			EmbeddedPostgres postgres = builder.start();
			log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(),
					properties.dataDirectory().toAbsolutePath());
			Optional<ProcessHandle> server = Postmaster.running(properties.dataDirectory());
			if (server.isEmpty()) {
				postgres.close();
				throw new IllegalStateException("The embedded PostgreSQL in " + properties.dataDirectory()
						+ " started, but its postmaster.pid names no running server");
			}
			EmbeddedDatabase database = new EmbeddedDatabase(postgres, properties, server.get());
			Runtime.getRuntime().addShutdownHook(database.exitHook);
			return database;
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

	/**
	 * Starts the server again if it is not running, and waits until it accepts connections (after replaying
	 * its write-ahead log). Its lock file tells whether it runs.
	 */
	void keepRunning() {
		turn.lock();
		try {
			if (!closed) {
				restartIfStopped();
			}
		}
		finally {
			turn.unlock();
		}
	}

	private void restartIfStopped() {
		Optional<ProcessHandle> server = Postmaster.running(dataDirectory);
		if (server.isPresent()) {
			serverProcesses = server.get().children().toList();
			return;
		}
		log.warn("The embedded PostgreSQL on port {} is not running; starting it again", port());
		try {
			// they still hold the dead server's shared memory, and PostgreSQL refuses to start beside them
			Postmaster.awaitExit(serverProcesses);
			Postmaster.clearStale(dataDirectory);
			Process pgCtl = new ProcessBuilder(restart).redirectErrorStream(true).start();
			String output = new String(pgCtl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			int exit = pgCtl.waitFor();
			if (exit == 0) {
				log.info("Embedded PostgreSQL started again on port {}", port());
			}
			else {
				log.warn("Could not start the embedded PostgreSQL again (pg_ctl exited with {}): {}; its log is {}",
						exit, output, dataDirectory.resolve(SERVER_LOG));
			}
		}
		catch (IOException | RuntimeException ex) {
			log.warn("Could not start the embedded PostgreSQL again: {}", ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Stops watching (after a start in progress has ended), then stops the server, whichever process started
	 * it.
	 */
	@Override
	public void close() throws IOException {
		closed = true;
		turn.lock();
		try {
			watch.shutdown();
			postgres.close();
		}
		finally {
			turn.unlock();
		}
		if (Thread.currentThread() != exitHook) {
			try {
				Runtime.getRuntime().removeShutdownHook(exitHook);
			}
			catch (IllegalStateException ex) {
				// the JVM is exiting: the hook runs, and finds the server stopped
			}
		}
	}

	private void stop() {
		try {
			close();
		}
		catch (IOException ex) {
			log.warn("Could not stop the embedded PostgreSQL: {}", ex.getMessage());
		}
	}

	/**
	 * The library's {@code pg_ctl} beside the server's program, and the server's options but its folder, which
	 * {@code pg_ctl} is given on its own.
	 */
	private static List<String> restartCommand(ProcessHandle server, Path dataDirectory) {
		ProcessHandle.Info info = server.info();
		if (info.command().isEmpty() || info.arguments().isEmpty()) {
			return List.of();
		}
		Path program = Path.of(info.command().get());
		List<String> arguments = List.of(info.arguments().get());
		List<String> options = new ArrayList<>();
		for (int i = 0; i < arguments.size(); i++) {
			if (arguments.get(i).equals("-D")) {
				i++;
			}
			else {
				options.add(arguments.get(i));
			}
		}
		List<String> command = new ArrayList<>();
		if (LinuxUtils.isUnshareAvailable()) {
			// as the library runs its programs when it runs as root: PostgreSQL refuses to
			command.addAll(List.of("unshare", "-U"));
		}
		command.addAll(List.of(program.resolveSibling("pg_ctl").toString(), "-D", dataDirectory.toString(), "-l",
				dataDirectory.resolve(SERVER_LOG).toString(), "-o", String.join(" ", options), "-w", "-t",
				Long.toString(STARTUP_WAIT.toSeconds()), "start"));
		return List.copyOf(command);
	}

}
