package io.lakegov.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL server process of a data folder, as its {@code postmaster.pid} names it. A server whose
 * parent never reaps it (a container whose first process is the JVM) stays a zombie after it dies, which
 * the kernel, Java and PostgreSQL's own lock check all still count as running; here it counts as dead.
 */
final class Postmaster {

	private static final Logger log = LoggerFactory.getLogger(Postmaster.class);

	/** PostgreSQL's lock file in its data folder, which names the server's process. */
	private static final String LOCK_FILE = "postmaster.pid";

	/** The file the embedding library locks while a process uses the data folder. */
	private static final String FOLDER_LOCK = "epg-lock";

	private static final Duration STOP_WAIT = Duration.ofSeconds(60);

	private static final Duration CHILDREN_WAIT = Duration.ofSeconds(30);

	private static final Duration POLL = Duration.ofMillis(100);

	private Postmaster() {
	}

	/** The server running on the data folder, if one is. */
	static Optional<ProcessHandle> running(Path dataDirectory) {
		return named(dataDirectory).filter(Postmaster::alive);
	}

	/**
	 * Before a start: stops a server that a killed lakegov left running on the data folder (it listens on a
	 * port nobody knows, and holds the folder), and clears what a server that died left in the way. Refuses
	 * a folder that another live process is using.
	 */
	static void clearLeftOver(Path dataDirectory) {
		requireFolderFree(dataDirectory);
		Optional<ProcessHandle> left = running(dataDirectory);
		if (left.isPresent()) {
			ProcessHandle server = left.get();
			if (!postgres(server)) {
				throw new IllegalStateException("The embedded PostgreSQL's folder " + dataDirectory
						+ " names process " + server.pid() + " as its server, which is not a PostgreSQL");
			}
			log.warn("Stopping the PostgreSQL (pid {}) that a lakegov which did not stop cleanly left running on {}",
					server.pid(), dataDirectory);
			List<ProcessHandle> children = server.children().toList();
			server.destroy();
			if (!awaitExit(server, STOP_WAIT)) {
				server.destroyForcibly();
				awaitExit(server, STOP_WAIT);
			}
			awaitExit(children);
		}
		clearStale(dataDirectory);
	}

	/**
	 * PostgreSQL takes over the lock files of a server that is gone by itself, but not those of a zombie,
	 * which still answers to its process id: once the zombie's own server processes have exited, its lock
	 * files (of the folder, and of its socket) are removed.
	 */
	static void clearStale(Path dataDirectory) {
		Optional<ProcessHandle> named = named(dataDirectory);
		if (named.isEmpty() || !zombie(named.get().pid())) {
			return;
		}
		ProcessHandle zombie = named.get();
		awaitExit(zombie.children().toList());
		if (zombie.children().anyMatch(Postmaster::alive)) {
			throw new IllegalStateException("The processes of the PostgreSQL that died on " + dataDirectory
					+ " (pid " + zombie.pid() + ") have not exited yet");
		}
		Path lockFile = dataDirectory.resolve(LOCK_FILE);
		try {
			List<String> lines = Files.readAllLines(lockFile);
			if (lines.size() > 4 && lines.get(3).strip().matches("[0-9]{1,5}") && !lines.get(4).isBlank()) {
				// its socket's lock file: line 4 is the port, line 5 the socket's folder
				Path socketLock = Path.of(lines.get(4).strip(), ".s.PGSQL." + lines.get(3).strip() + ".lock");
				if (namedIn(socketLock).filter(process -> process.pid() == zombie.pid()).isPresent()) {
					Files.deleteIfExists(socketLock);
				}
			}
			Files.deleteIfExists(lockFile);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Optional<ProcessHandle> named(Path dataDirectory) {
		return namedIn(dataDirectory.resolve(LOCK_FILE));
	}

	/** The process whose id is the first line of a PostgreSQL lock file. */
	private static Optional<ProcessHandle> namedIn(Path lockFile) {
		List<String> lines;
		try {
			lines = Files.readAllLines(lockFile);
		}
		catch (NoSuchFileException ex) {
			return Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (lines.isEmpty() || !lines.get(0).strip().matches("[1-9][0-9]{0,9}")) {
			return Optional.empty();
		}
		return ProcessHandle.of(Long.parseLong(lines.get(0).strip()));
	}

	private static boolean alive(ProcessHandle process) {
		return process.isAlive() && !zombie(process.pid());
	}

	/** Whether the process has exited and waits for its parent to reap it (Linux; elsewhere never). */
	private static boolean zombie(long pid) {
		Path stat = Path.of("/proc", Long.toString(pid), "stat");
		try {
			String line = Files.readString(stat);
			int end = line.lastIndexOf(')');
			return end > 0 && line.length() > end + 2 && line.charAt(end + 2) == 'Z';
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** Whether the process is a PostgreSQL server (not another that took the id of one that died). */
	private static boolean postgres(ProcessHandle process) {
		return process.info()
			.command()
			.map(command -> Path.of(command).getFileName().toString().equals("postgres"))
			.orElse(true);
	}

	private static void requireFolderFree(Path dataDirectory) {
		Path lockFile = dataDirectory.resolve(FOLDER_LOCK);
		if (!Files.exists(lockFile)) {
			return;
		}
		try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
				FileLock lock = channel.tryLock()) {
			if (lock == null) {
				throw inUse(dataDirectory);
			}
		}
		catch (OverlappingFileLockException ex) {
			throw inUse(dataDirectory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static IllegalStateException inUse(Path dataDirectory) {
		return new IllegalStateException("The embedded PostgreSQL's folder " + dataDirectory
				+ " is in use by another running lakegov; give this one a folder of its own"
				+ " (lakegov.embedded.directory)");
	}

	/** Waits until the processes have exited (or are zombies). */
	static void awaitExit(List<ProcessHandle> processes) {
		processes.forEach(process -> awaitExit(process, CHILDREN_WAIT));
	}

	/** Waits until the process has exited (or is a zombie); whether it did in time. */
	private static boolean awaitExit(ProcessHandle process, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (alive(process)) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			try {
				Thread.sleep(POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return true;
	}

}
