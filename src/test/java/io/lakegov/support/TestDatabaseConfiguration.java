package io.lakegov.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The one place tests get their real PostgreSQL from: a Testcontainers PostgreSQL when a Docker engine
 * is available, otherwise an embedded PostgreSQL the tests start themselves. Either way every Spring
 * context gets a fresh, empty database, and Flyway builds the schema in it.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestDatabaseConfiguration {

	static final String POSTGRES_IMAGE = "postgres:17.6-alpine";

	@Configuration(proxyBeanMethods = false)
	@Conditional(DockerAvailable.class)
	static class ContainerDatabase {

		@Bean
		@ServiceConnection
		PostgreSQLContainer postgresContainer() {
			return new PostgreSQLContainer(POSTGRES_IMAGE);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(DockerUnavailable.class)
	static class EmbeddedDatabase {

		@Bean
		JdbcConnectionDetails embeddedTestDatabase() {
			String url = SharedEmbeddedServer.freshDatabaseUrl();
			return new JdbcConnectionDetails() {
				@Override
				public String getUsername() {
					return "postgres";
				}

				@Override
				public String getPassword() {
					return "";
				}

				@Override
				public String getJdbcUrl() {
					return url;
				}
			};
		}

	}

	/** One embedded server per test JVM, a new database on it for each caller. */
	public static final class SharedEmbeddedServer {

		private static final AtomicInteger databases = new AtomicInteger();

		private static EmbeddedPostgres server;

		private SharedEmbeddedServer() {
		}

		public static synchronized String freshDatabaseUrl() {
			try {
				if (server == null) {
					server = EmbeddedPostgres.builder().setServerConfig("max_connections", "500").start();
					Runtime.getRuntime().addShutdownHook(new Thread(SharedEmbeddedServer::stop));
				}
				String name = "lakegov_test_" + databases.incrementAndGet();
				try (Connection connection = server.getPostgresDatabase().getConnection();
						Statement statement = connection.createStatement()) {
					statement.execute("CREATE DATABASE " + name);
				}
				return server.getJdbcUrl("postgres", name);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start the embedded test PostgreSQL", ex);
			}
			catch (SQLException ex) {
				throw new IllegalStateException("Could not create a test database", ex);
			}
		}

		private static synchronized void stop() {
			try {
				server.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

	static final class DockerAvailable extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return DockerProbe.available() ? ConditionOutcome.match("a Docker engine answers")
					: ConditionOutcome.noMatch("no Docker engine");
		}

	}

	static final class DockerUnavailable extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return DockerProbe.available() ? ConditionOutcome.noMatch("a Docker engine answers")
					: ConditionOutcome.match("no Docker engine: using an embedded PostgreSQL");
		}

	}

	static final class DockerProbe {

		private static Boolean available;

		private DockerProbe() {
		}

		static synchronized boolean available() {
			if (available == null) {
				available = !"false".equals(System.getProperty("lakegov.test.docker"))
						&& DockerClientFactory.instance().isDockerAvailable();
			}
			return available;
		}

	}

}
