package io.lakegov.deploy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Node.js and npm for the linters the tests take from the npm registry: the machine's, or where there are
 * none, Debian's packages, installed by the tests themselves when they run as root (as on CI machines).
 * Elsewhere the tests fail, naming what to install.
 */
public final class NodeTools {

	private NodeTools() {
	}

	/** What a command printed and how it exited. */
	public record Outcome(int exitCode, String output) {
	}

	/** The directory npm installs the linters into, shared by the test classes of one build. */
	static final Path HOME = Path.of("target", "npm-tools");

	/** Installs the packages at exactly these versions unless they are there already. */
	static synchronized void install(List<String> packages) throws IOException, InterruptedException {
		List<String> missing = new ArrayList<>();
		for (String spec : packages) {
			int at = spec.lastIndexOf('@');
			Path manifest = HOME.resolve("node_modules").resolve(spec.substring(0, at)).resolve("package.json");
			if (!Files.exists(manifest) || !Files.readString(manifest).contains("\"version\": \"" + spec.substring(at + 1) + "\"")) {
				missing.add(spec);
			}
		}
		if (missing.isEmpty()) {
			return;
		}
		Files.createDirectories(HOME);
		List<String> command = new ArrayList<>(List.of(npm(), "install", "--no-save", "--no-audit", "--no-fund",
				"--no-package-lock", "--prefix", HOME.toString()));
		command.addAll(missing);
		Outcome outcome = run(command);
		if (outcome.exitCode() != 0) {
			throw new IllegalStateException("npm could not install " + missing + ":\n" + outcome.output());
		}
	}

	/**
	 * Installs exactly what the package-lock.json in this directory pins ({@code npm ci}), unless that lock
	 * file was installed there already.
	 */
	public static synchronized void ci(Path directory) throws IOException, InterruptedException {
		Path stamp = directory.resolve("node_modules").resolve(".installed-lock");
		String lock = Files.readString(directory.resolve("package-lock.json"));
		if (Files.exists(stamp) && Files.readString(stamp).equals(lock)) {
			return;
		}
		Outcome outcome = run(List.of(npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix",
				directory.toString()));
		if (outcome.exitCode() != 0) {
			throw new IllegalStateException("npm ci could not install " + directory.resolve("package-lock.json") + ":\n"
					+ outcome.output());
		}
		Files.writeString(stamp, lock);
	}

	/** Runs a script with node. */
	public static Outcome runNode(Path script, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(node(), script.toString()));
		command.addAll(List.of(arguments));
		return run(command);
	}

	/** Runs a package's script with node. */
	static Outcome runScript(String packageName, String script, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(node(),
				HOME.resolve("node_modules").resolve(packageName).resolve(script).toString()));
		command.addAll(List.of(arguments));
		return run(command);
	}

	private static String node() throws IOException, InterruptedException {
		return executable("node");
	}

	private static String npm() throws IOException, InterruptedException {
		return executable("npm");
	}

	private static String executable(String name) throws IOException, InterruptedException {
		Optional<Path> found = onPath(name);
		if (found.isEmpty()) {
			installFromDebian();
			found = onPath(name);
		}
		return found.orElseThrow(() -> new IllegalStateException("The Dockerfile and contract lints need Node.js and npm: install "
				+ "them (Debian: apt-get install nodejs npm) or run the tests as root to let them install Debian's packages"))
			.toString();
	}

	private static Optional<Path> onPath(String name) {
		String path = System.getenv("PATH");
		if (path == null) {
			return Optional.empty();
		}
		for (String directory : path.split(File.pathSeparator)) {
			Path candidate = Path.of(directory, name);
			if (Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

	private static void installFromDebian() throws IOException, InterruptedException {
		Optional<Path> aptGet = onPath("apt-get");
		if (aptGet.isEmpty() || !"root".equals(System.getProperty("user.name"))) {
			return;
		}
		Outcome update = run(List.of(aptGet.get().toString(), "update"));
		Outcome install = run(List.of(aptGet.get().toString(), "install", "--yes", "--no-install-recommends", "nodejs",
				"npm"));
		if (update.exitCode() != 0 || install.exitCode() != 0) {
			throw new IllegalStateException("Could not install Debian's nodejs and npm:\n" + update.output() + install.output());
		}
	}

	private static Outcome run(List<String> command) throws IOException, InterruptedException {
		Path log = Files.createTempFile("lakegov-tool", ".log");
		try {
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
			builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
			Process process = builder.start();
			// a guard against a hung tool, not a measure of speed
			if (!process.waitFor(20, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new IllegalStateException("Gave up waiting for " + command);
			}
			return new Outcome(process.exitValue(), Files.readString(log));
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

}
