package io.lakegov.embedded;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A server that died under a parent that never reaps it is a zombie: its lock files still name a process
 * that the kernel reports, so PostgreSQL would refuse to start. Such a server counts as not running, and its
 * lock files are cleared; those of a live process are left alone.
 */
@EnabledOnOs(OS.LINUX)
class PostmasterTests {

	@TempDir
	Path directory;

	private Process parent;

	@AfterEach
	void stopParent() {
		if (parent != null) {
			parent.destroyForcibly();
		}
	}

	@Test
	void aZombieServerIsNotRunningAndItsLockFilesAreCleared() throws Exception {
		// the shell forks a child that exits a second later, when the shell has become a program that never
		// reaps it (a child that exited before that would be reaped by the shell)
		parent = new ProcessBuilder("bash", "-c", "sleep 1 & echo $!; exec sleep 60").start();
		long zombie;
		try (var output = new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))) {
			zombie = Long.parseLong(output.readLine().strip());
		}
		awaitZombie(zombie);
		Path data = lockFiles(zombie);

		assertThat(ProcessHandle.of(zombie)).isPresent();
		assertThat(Postmaster.running(data)).isEmpty();
		Postmaster.clearStale(data);

		assertThat(data.resolve("postmaster.pid")).doesNotExist();
		assertThat(directory.resolve(".s.PGSQL.54329.lock")).doesNotExist();
	}

	@Test
	void theLockFilesOfALiveProcessStay() throws Exception {
		parent = new ProcessBuilder("sleep", "60").start();
		Path data = lockFiles(parent.pid());

		assertThat(Postmaster.running(data)).map(ProcessHandle::pid).contains(parent.pid());
		Postmaster.clearStale(data);

		assertThat(data.resolve("postmaster.pid")).exists();
		assertThat(directory.resolve(".s.PGSQL.54329.lock")).exists();
	}

	@Test
	void aFolderWithoutALockFileHasNoServer() throws Exception {
		Path data = Files.createDirectories(directory.resolve("pgdata"));
		assertThat(Postmaster.running(data)).isEmpty();
		Postmaster.clearStale(data);
		Postmaster.clearLeftOver(data);
		assertThat(data.resolve("postmaster.pid")).doesNotExist();
	}

	/** A data folder whose lock file, and its socket's in {@link #directory}, name the process. */
	private Path lockFiles(long pid) throws Exception {
		Path data = Files.createDirectories(directory.resolve("pgdata"));
		Files.writeString(data.resolve("postmaster.pid"),
				String.join("\n", Long.toString(pid), data.toString(), "1764790000", "54329", directory.toString(),
						"127.0.0.1", "  54329001     12345", "ready   ", ""));
		Files.writeString(directory.resolve(".s.PGSQL.54329.lock"),
				String.join("\n", Long.toString(pid), data.toString(), "1764790000", "54329", directory.toString(), ""));
		return data;
	}

	private static void awaitZombie(long pid) {
		Path stat = Path.of("/proc", Long.toString(pid), "stat");
		await("process " + pid + " becoming a zombie").atMost(Duration.ofSeconds(15))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> Files.exists(stat) && Files.readString(stat).contains(") Z "));
	}

}
