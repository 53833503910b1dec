package io.lakegov.web;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakegov.deploy.NodeTools;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spectral, with its OpenAPI rules and OWASP's API Security Top 10 rules, finds no error in the committed
 * contract {@code api/openapi.yaml}. The lint's npm packages are pinned in {@code src/test/spectral}
 * (package.json, package-lock.json, and the ruleset .spectral.yaml, which says why each rule it switches
 * off does not fit) and installed with {@code npm ci} into {@code target/spectral} when missing.
 */
class SpectralContractTests {

	static final Path SOURCES = Path.of("src/test/spectral");

	static final Path INSTALL = Path.of("target", "spectral");

	static final Path CONTRACT = Path.of("api/openapi.yaml");

	@Test
	void contractHasNoSpectralError() throws Exception {
		Files.createDirectories(INSTALL);
		for (String file : List.of("package.json", "package-lock.json", ".spectral.yaml")) {
			Files.copy(SOURCES.resolve(file), INSTALL.resolve(file), StandardCopyOption.REPLACE_EXISTING);
		}
		NodeTools.ci(INSTALL);
		Path report = INSTALL.resolve("report.json");
		Files.deleteIfExists(report);
		NodeTools.Outcome lint = NodeTools.runNode(INSTALL.resolve("node_modules/@stoplight/spectral-cli/dist/index.js"),
				"lint", CONTRACT.toString(), "--ruleset", INSTALL.resolve(".spectral.yaml").toString(),
				"--fail-severity=error", "-f", "json", "-o", report.toString());
		assertThat(report).as("Spectral wrote no report:%n%s", lint.output()).exists();
		List<String> errors = new ArrayList<>();
		Map<String, Integer> warnings = new TreeMap<>();
		for (JsonNode finding : JsonMapper.builder().build().readTree(report.toFile())) {
			String code = finding.get("code").asString();
			int severity = finding.get("severity").asInt();
			if (severity == 0) {
				List<String> path = new ArrayList<>();
				finding.get("path").forEach(part -> path.add(part.asString()));
				errors.add(code + " at " + String.join("/", path) + ": " + finding.get("message").asString());
			}
			else if (severity == 1) {
				warnings.merge(code, 1, Integer::sum);
			}
		}
		System.out.printf("Spectral found %d errors and %d warnings in %s: %s%n", errors.size(),
				warnings.values().stream().mapToInt(Integer::intValue).sum(), CONTRACT, warnings);
		assertThat(errors).as("Spectral's errors in %s (ruleset %s)", CONTRACT, SOURCES.resolve(".spectral.yaml"))
			.isEmpty();
		assertThat(lint.exitCode()).as("Spectral's exit code:%n%s", lint.output()).isZero();
	}

}
