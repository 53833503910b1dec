package io.lakegov.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Dockerfile, checked without a Docker engine: two linters from the npm registry (dockerfile-utils
 * validates instructions and their flags, dockerfilelint adds best-practice rules), and the rules of
 * lakegov's image read off the file itself.
 */
class DockerfileLintTests {

	static final Path DOCKERFILE = Path.of("Dockerfile");

	static final List<String> LINTERS = List.of("dockerfile-utils@0.16.3", "dockerfilelint@1.8.0");

	static final JsonMapper JSON = JsonMapper.builder().build();

	@BeforeAll
	static void installLinters() throws Exception {
		NodeTools.install(LINTERS);
	}

	@Test
	void dockerfileUtilsFindsNothing() throws Exception {
		NodeTools.Outcome lint = NodeTools.runScript("dockerfile-utils", "bin/dockerfile-utils", "lint", DOCKERFILE.toString());
		assertThat(lint.output()).isBlank();
		assertThat(lint.exitCode()).isZero();
	}

	@Test
	void dockerfilelintFindsNothing() throws Exception {
		List<String> issues = dockerfilelint(DOCKERFILE);
		assertThat(issues).isEmpty();
	}

	@Test
	void bothLintersCatchABrokenDockerfile(@TempDir Path directory) throws Exception {
		Path broken = directory.resolve("Dockerfile");
		Files.writeString(broken, "FROM ubuntu\nHEALTHCHECK --intervl=3s CMD true\nEXPOSE 80000\nRUNN true\n");
		NodeTools.Outcome utils = NodeTools.runScript("dockerfile-utils", "bin/dockerfile-utils", "lint", broken.toString());
		assertThat(utils.exitCode()).isNotZero();
		assertThat(utils.output()).contains("Unknown flag: intervl", "Unknown instruction: RUNN");
		assertThat(dockerfilelint(broken)).anyMatch(issue -> issue.contains("Invalid Port Exposed"))
			.anyMatch(issue -> issue.contains("Base Image Missing Tag"));
	}

	@Test
	void buildsOnAPinnedJdkAndRunsOnAPinnedJreAsANonRootUser() throws Exception {
		String dockerfile = Files.readString(DOCKERFILE);
		List<String> bases = all(dockerfile, "(?m)^FROM (\\S+)");
		assertThat(bases).containsExactly("eclipse-temurin:17.0.15_6-jdk-jammy", "eclipse-temurin:17.0.15_6-jre-jammy");
		assertThat(dockerfile).containsPattern("(?m)^USER 10001:10001$")
			.containsPattern("TZ=UTC")
			.containsPattern("-XX:MaxRAMPercentage=\\d+")
			.containsPattern("(?m)^HEALTHCHECK .*\\n.*/actuator/health/liveness")
			.containsPattern("(?m)^ENTRYPOINT \\[\"java\", \"org.springframework.boot.loader.launch.JarLauncher\"\\]$");
		assertThat(dockerfile).doesNotContainPattern("(?im)^(ENV|ARG)\\b.*(password|token|secret|api[_-]?key)");
	}

	@Test
	void copiesSpringBootsLayersFromTheLeastToTheMostOftenChanged() throws Exception {
		List<String> layers = all(Files.readString(DOCKERFILE), "(?m)^COPY --from=build /src/target/extracted/([a-z-]+)/ \\./$");
		assertThat(layers).containsExactly("dependencies", "spring-boot-loader", "snapshot-dependencies", "application");
	}

	@Test
	void sendsOnlyWhatTheBuildCopiesToTheDaemon() throws Exception {
		List<String> rules = Files.readAllLines(Path.of(".dockerignore")).stream()
			.filter(line -> !line.isBlank() && !line.startsWith("#"))
			.toList();
		assertThat(rules).first().isEqualTo("*");
		assertThat(rules).containsExactlyInAnyOrder("*", "!.mvn/", "!mvnw", "!pom.xml", "!src/main/", "!api/");
	}

	@Test
	void jibBuildsOnTheSameBaseWithTheSameUserAndEnvironment() throws Exception {
		String pom = Files.readString(Path.of("pom.xml"));
		String dockerfile = Files.readString(DOCKERFILE);
		List<String> bases = all(dockerfile, "(?m)^FROM (\\S+)");
		assertThat(all(pom, "<image.base>([^<]+)</image.base>")).containsExactly(bases.get(bases.size() - 1));
		assertThat(all(pom, "<user>([^<]+)</user>")).containsExactly("10001:10001");
		for (String variable : List.of("TZ", "JAVA_TOOL_OPTIONS", "LAKEGOV_EMBEDDED_DIRECTORY")) {
			String inPom = all(pom, "<" + variable + ">([^<]+)</" + variable + ">").get(0);
			assertThat(dockerfile).as(variable).containsPattern(Pattern.quote(variable) + "=\"?" + Pattern.quote(inPom) + "\"?( |$|\n)");
		}
	}

	/** dockerfilelint's issues, as "line: title". */
	private static List<String> dockerfilelint(Path dockerfile) throws Exception {
		NodeTools.Outcome lint = NodeTools.runScript("dockerfilelint", "bin/dockerfilelint", "--output", "json",
				dockerfile.toString());
		JsonNode report = JSON.readTree(lint.output());
		List<String> issues = new ArrayList<>();
		for (JsonNode file : report.get("files")) {
			for (JsonNode issue : file.get("issues")) {
				String content = issue.get("content").asString();
				// its option pattern stops at the hyphen of --start-period (a valid flag since Docker 17.05);
				// dockerfile-utils checks HEALTHCHECK's flags instead
				if (content.startsWith("HEALTHCHECK ") && content.contains("--start-period=")
						&& "Invalid Argument Format".equals(issue.get("title").asString())) {
					continue;
				}
				issues.add(issue.get("line").asString() + ": " + issue.get("title").asString());
			}
		}
		return issues;
	}

	private static List<String> all(String text, String regex) {
		List<String> found = new ArrayList<>();
		Matcher matcher = Pattern.compile(regex).matcher(text);
		while (matcher.find()) {
			found.add(matcher.group(1));
		}
		return found;
	}

}
