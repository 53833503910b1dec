package io.lakegov.retention;

import io.lakegov.history.SourceDatabase;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Chooses how table metadata is read: from Databricks, or from the local warehouse's stand-in tables. */
@Configuration(proxyBeanMethods = false)
class RetentionConfig {

	@Bean
	TableMetadataSource tableMetadataSource(SourceDatabase source) {
		// any source that is not Databricks is laid out like the local warehouse (or refuses, which
		// leaves settings unknown)
		return source.isDatabricks() ? new DatabricksMetadataSource(source) : new LocalMetadataSource();
	}

}
