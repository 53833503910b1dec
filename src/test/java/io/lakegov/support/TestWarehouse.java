package io.lakegov.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The test warehouse of {@code src/test/warehouse}: Spark's Thrift server with Delta Lake and
 * Databricks' system tables, in its own JVM, started once per test JVM with the README's
 * {@code src/test/warehouse/start} command and reached only through {@code jdbc:databricks:} URLs.
 * Clients go through a {@link ToggleProxy}, so tests can take the warehouse away and bring it back.
 */
public final class TestWarehouse {

	private static final Duration START_TIMEOUT = Duration.ofMinutes(20);

	private static TestWarehouse instance;

	private final Process process;

	private final int port;

	private final ToggleProxy proxy;

	private final List<String> fetches = new ArrayList<>();

	private volatile Duration startTime = Duration.ZERO;

	private TestWarehouse(Process process, int port, ToggleProxy proxy) {
		this.process = process;
		this.port = port;
		this.proxy = proxy;
	}

	/** The warehouse of this JVM, started on first use. */
	public static synchronized TestWarehouse instance() {
		if (instance == null) {
			instance = start();
		}
		return instance;
	}

	private static TestWarehouse start() {
		try {
			int port = FreePorts.loopback();
			Path log = Files.createDirectories(Path.of("target", "test-warehouse")).resolve("warehouse.log");
			long started = System.nanoTime();
			Process process = new ProcessBuilder("bash", "src/test/warehouse/start", Integer.toString(port))
				.redirectErrorStream(true)
				.start();
			CompletableFuture<Void> ready = new CompletableFuture<>();
			ToggleProxy proxy = new ToggleProxy(port);
			TestWarehouse warehouse = new TestWarehouse(process, port, proxy);
			Thread reader = new Thread(() -> warehouse.follow(log, ready), "test-warehouse-output");
			reader.setDaemon(true);
			reader.start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				proxy.close();
				process.descendants().forEach(ProcessHandle::destroy);
				process.destroy();
			}));
			try {
				ready.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			}
			catch (TimeoutException | ExecutionException ex) {
				process.descendants().forEach(ProcessHandle::destroyForcibly);
				process.destroyForcibly();
				throw new IllegalStateException("The test warehouse did not start; see " + log.toAbsolutePath(), ex);
			}
			proxy.start();
			warehouse.startTime = Duration.ofNanos(System.nanoTime() - started);
			System.out.println("test warehouse ready in " + warehouse.startTime.toMillis() + " ms (pid " + process.pid() + ")");
			return warehouse;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start the test warehouse", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void follow(Path log, CompletableFuture<Void> ready) {
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
				Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
			String line;
			while ((line = lines.readLine()) != null) {
				out.write(line);
				out.write('\n');
				out.flush();
				if (line.equals("WAREHOUSE READY")) {
					ready.complete(null);
				}
				else if (line.startsWith("fetch ")) {
					synchronized (fetches) {
						fetches.add(line);
					}
				}
			}
			ready.completeExceptionally(new IllegalStateException("the warehouse exited with " + process.waitFor()));
		}
		catch (IOException ex) {
			ready.completeExceptionally(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			ready.completeExceptionally(ex);
		}
	}

	/** How long the start took, from the command to {@code WAREHOUSE READY}. */
	public Duration startTime() {
		return startTime;
	}

	public long pid() {
		return process.pid();
	}

	/**
	 * The README's URL for the 3.x driver, through the proxy, with {@code RowsFetchedPerBlock} left to
	 * lakegov.
	 */
	public String url() {
		return url(proxy.port());
	}

	/** The same, straight to the warehouse: for setting data up while the proxy is down. */
	public String directUrl() {
		return url(port);
	}

	private static String url(int port) {
		String password = Base64.getEncoder().encodeToString("token:x".getBytes(StandardCharsets.UTF_8));
		return "jdbc:databricks://127.0.0.1:" + port + "/default;transportMode=http;ssl=0;httpPath=cliservice;"
				+ "AuthMech=3;UID=token;PWD=" + password + ";supportManyParameters=1";
	}

	public ToggleProxy proxy() {
		return proxy;
	}

	/** Runs statements through the Databricks driver, straight to the warehouse. */
	public void execute(String... statements) {
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("The test warehouse refused a statement: " + ex.getMessage(), ex);
		}
	}

	public Connection connect() throws SQLException {
		return DriverManager.getConnection(directUrl() + ";RowsFetchedPerBlock=10000");
	}

	/** The fetches clients asked for since the last call, as the warehouse logged them. */
	public List<String> drainFetches() {
		synchronized (fetches) {
			List<String> drained = List.copyOf(fetches);
			fetches.clear();
			return drained;
		}
	}

}
