package io.lakegov.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which API keys are accepted. Configured keys win; on the embedded default with none
 * configured, an admin key is generated at first start, stored beside the embedded data and printed once, so
 * that a fresh install is usable without being open.
 */
final class ApiKeyProvisioner {

	private static final Logger log = LoggerFactory.getLogger(ApiKeyProvisioner.class);

	private ApiKeyProvisioner() {
	}

	static ApiKeys provision(SecurityProperties properties, Path embeddedDirectory) {
		if (!properties.apiKeys().isEmpty()) {
			return new ApiKeys(properties.apiKeys());
		}
		if (embeddedDirectory == null) {
			return new ApiKeys(List.of());
		}
		return new ApiKeys(List.of(generatedKey(embeddedDirectory.resolve("api-key"))));
	}

	private static String generatedKey(Path file) {
		try {
			if (Files.exists(file)) {
				log.info("Using the API key generated at first start, kept in {}", file.toAbsolutePath());
				return Files.readString(file, StandardCharsets.UTF_8).strip();
			}
			byte[] random = new byte[24];
			new SecureRandom().nextBytes(random);
			String key = HexFormat.of().formatHex(random);
			Files.createDirectories(file.getParent());
			Files.writeString(file, key + System.lineSeparator(), StandardCharsets.UTF_8);
			log.warn("Generated an admin API key for /api, kept in {}. Send it as the X-API-Key header:{}{}{}",
					file.toAbsolutePath(), System.lineSeparator(), System.lineSeparator(), "    " + key);
			return key;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read or write the generated API key at " + file, ex);
		}
	}

}
