package io.lakegov.embedded;

import java.nio.file.Files;
import java.nio.file.Path;

import io.lakegov.LakegovApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With no database configured the service starts its own PostgreSQL, migrates it, generates an API
 * key, and finds both again after a restart.
 */
class EmbeddedDefaultIntegrationTests {

	@TempDir
	Path directory;

	@Test
	void startsEmbeddedPostgresKeepsDataAndApiKeyAcrossRestarts() throws Exception {
		try (var first = start()) {
			var jdbc = JdbcClient.create(first.getBean(javax.sql.DataSource.class));
			assertThat(jdbc.sql("SELECT count(*) FROM flyway_schema_history WHERE success").query(Long.class).single())
				.isPositive();
			jdbc.sql("CREATE TABLE restart_marker (id int)").update();
		}
		Path keyFile = directory.resolve("api-key");
		assertThat(keyFile).exists();
		String key = Files.readString(keyFile).strip();
		assertThat(key).hasSize(48);

		try (var second = start()) {
			var jdbc = JdbcClient.create(second.getBean(javax.sql.DataSource.class));
			assertThat(jdbc.sql("SELECT count(*) FROM restart_marker").query(Long.class).single()).isZero();
		}
		assertThat(Files.readString(keyFile).strip()).isEqualTo(key);
	}

	private ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(LakegovApplication.class).run("--server.port=0",
				"--lakegov.embedded.enabled=true", "--lakegov.embedded.directory=" + directory,
				"--lakegov.security.api-keys=", "--spring.main.banner-mode=off");
	}

}
