package io.lakegov.embedded;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Starts an embedded PostgreSQL and points the store at it when no database is configured, so the
 * service runs with no setup at all. Backs off when {@code spring.datasource.url} is set or another
 * connection (a test container, say) is provided.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class)
@ConditionalOnProperty(name = "lakegov.embedded.enabled", matchIfMissing = true)
@Conditional(NoDatabaseConfiguredCondition.class)
@ConditionalOnMissingBean(JdbcConnectionDetails.class)
@EnableConfigurationProperties(EmbeddedDatabaseProperties.class)
public class EmbeddedDatabaseAutoConfiguration {

	static final String STORE_DATABASE = "lakegov";

	@Bean(destroyMethod = "close")
	EmbeddedDatabase embeddedDatabase(EmbeddedDatabaseProperties properties) {
		return EmbeddedDatabase.start(properties);
	}

	@Bean
	JdbcConnectionDetails embeddedStoreConnection(EmbeddedDatabase database) {
		String url = database.jdbcUrl(STORE_DATABASE);
		return new JdbcConnectionDetails() {
			@Override
			public String getUsername() {
				return EmbeddedDatabase.USER;
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
