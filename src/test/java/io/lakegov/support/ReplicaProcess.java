package io.lakegov.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.lakegov.LakegovApplication;

/**
 * The service in a JVM of its own, as a replica runs it: started with the given arguments on a port of its
 * own, and killed the way the kernel's OOM killer or a lost node ends a process (SIGKILL: no shutdown hook,
 * no chance to clean up). Its output goes to a log file in the given folder.
 */
public final class ReplicaProcess implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path log;

	private ReplicaProcess(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	/** Starts a replica; {@link #awaitUp} waits for it to serve. */
	public static ReplicaProcess start(String name, Path directory, List<String> arguments) {
		int port = FreePorts.loopback();
		Path log = directory.resolve(name + ".log");
		try {
			Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.addAll(List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", serviceClassPath(),
				LakegovApplication.class.getName(), "--server.port=" + port, "--spring.main.banner-mode=off"));
		command.addAll(arguments);
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
				.start();
			return new ReplicaProcess(process, port, log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start a replica", ex);
		}
	}

	public long pid() {
		return process.pid();
	}

	public int port() {
		return port;
	}

	public boolean alive() {
		return process.isAlive();
	}

	/** Waits until the replica answers its liveness probe. */
	public ReplicaProcess awaitUp(Duration timeout) {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		Instant deadline = Instant.now().plus(timeout);
		while (Instant.now().isBefore(deadline)) {
			if (!process.isAlive()) {
				throw new IllegalStateException("The replica exited with " + process.exitValue() + ":\n" + tail());
			}
			try {
				HttpResponse<Void> response = client.send(HttpRequest.newBuilder(
						URI.create("http://127.0.0.1:" + port + "/actuator/health/liveness")).timeout(Duration.ofSeconds(2))
					.build(), HttpResponse.BodyHandlers.discarding());
				if (response.statusCode() == 200) {
					return this;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			sleep(Duration.ofMillis(500));
		}
		throw new IllegalStateException("The replica did not come up within " + timeout + ":\n" + tail());
	}

	/** SIGKILL: the replica ends at once, in whatever it was doing. */
	public void kill() {
		process.destroyForcibly();
		try {
			process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Everything the replica has logged so far. */
	public String output() {
		try {
			return Files.readString(log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The end of the replica's log, for a failure's message. */
	public String tail() {
		try {
			List<String> lines = Files.readAllLines(log);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/** SIGTERM and a graceful stop, then SIGKILL if it lingers. */
	@Override
	public void close() {
		process.destroy();
		try {
			if (!process.waitFor(30, TimeUnit.SECONDS)) {
				kill();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			kill();
		}
	}

	/**
	 * The service's classes and its runtime dependencies, as in its jar: no test classes, configuration or
	 * test dependencies (the build writes the dependencies' list before the tests run).
	 */
	private static String serviceClassPath() {
		Path dependencies = Path.of("target", "runtime-classpath.txt");
		try {
			return Path.of("target", "classes").toAbsolutePath() + java.io.File.pathSeparator
					+ Files.readString(dependencies).strip();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No " + dependencies + ": run the tests through Maven, which writes it", ex);
		}
	}

	private static void sleep(Duration pause) {
		try {
			Thread.sleep(pause.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
