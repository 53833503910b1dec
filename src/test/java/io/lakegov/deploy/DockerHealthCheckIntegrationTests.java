package io.lakegov.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.support.FreePorts;
import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The image's health check, run as Docker runs it, against the service: on the port and path the service
 * is configured with through its environment, not on 8080 alone.
 */
@IntegrationTest
class DockerHealthCheckIntegrationTests {

	@LocalServerPort
	int port;

	@Test
	void findsTheServiceOnTheConfiguredPort() throws Exception {
		assertThat(check(Map.of("SERVER_PORT", String.valueOf(port)))).isZero();
		assertThat(check(Map.of("MANAGEMENT_SERVER_PORT", String.valueOf(port)))).as("the management server's port")
			.isZero();
		assertThat(check(Map.of("SERVER_PORT", String.valueOf(port), "MANAGEMENT_SERVER_PORT",
				String.valueOf(port), "SERVER_SERVLET_CONTEXT_PATH", "/elsewhere")))
			.as("the management server's path, not the service's")
			.isZero();
	}

	@Test
	void failsWhereTheServiceDoesNotAnswer() throws Exception {
		assertThat(check(Map.of("SERVER_PORT", String.valueOf(FreePorts.loopback())))).as("nothing listens").isNotZero();
		assertThat(check(Map.of("SERVER_PORT", String.valueOf(port), "SERVER_SERVLET_CONTEXTPATH", "/lakegov/")))
			.as("another context path")
			.isNotZero();
		assertThat(check(Map.of("MANAGEMENT_SERVER_PORT", String.valueOf(port), "MANAGEMENT_SERVER_BASE_PATH",
				"/manage")))
			.as("another management path")
			.isNotZero();
	}

	/** The exit code of the Dockerfile's HEALTHCHECK command with the given environment. */
	private static int check(Map<String, String> environment) throws IOException, InterruptedException {
		ProcessBuilder builder = new ProcessBuilder(command()).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().keySet().removeIf(name -> name.startsWith("SERVER_") || name.startsWith("MANAGEMENT_"));
		builder.environment().putAll(environment);
		Process process = builder.start();
		assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("the check ends").isTrue();
		return process.exitValue();
	}

	private static String[] command() throws IOException {
		String dockerfile = Files.readString(Path.of("Dockerfile"));
		Matcher matcher = Pattern.compile("(?m)^HEALTHCHECK [^\\n]*\\\\\\n\\s*CMD (\\[.*\\])$").matcher(dockerfile);
		assertThat(matcher.find()).as("a HEALTHCHECK in exec form").isTrue();
		JsonNode command = JsonMapper.builder().build().readTree(matcher.group(1));
		return command.valueStream().map(JsonNode::asString).toArray(String[]::new);
	}

}
