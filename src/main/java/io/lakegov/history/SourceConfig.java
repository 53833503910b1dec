package io.lakegov.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.lakegov.embedded.EmbeddedDatabase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Chooses the source of query history: the configured JDBC URL (a Databricks SQL Warehouse), or else
 * the local warehouse: a {@code system} database on the embedded PostgreSQL, or schemas in the store
 * when the store is external (tests).
 */
@Configuration(proxyBeanMethods = false)
class SourceConfig {

	private static final Logger log = LoggerFactory.getLogger(SourceConfig.class);

	static final String LOCAL_HISTORY_TABLE = "query.history";

	static final String LOCAL_INVENTORY_TABLE = "lakehouse.tables";

	static final String LOCAL_LINEAGE_TABLE = "access.table_lineage";

	static final String LOCAL_COLUMNS_TABLE = "lakehouse.columns";

	@Bean
	SourceDatabase sourceDatabase(SourceProperties properties, DataSource store,
			ObjectProvider<EmbeddedDatabase> embedded) {
		if (properties.configured()) {
			return new SourceDatabase(remote(properties), properties.table(), properties.inventoryTable(), false,
					redacted(properties.url()), properties.lineageTable(), properties.columnsTable());
		}
		EmbeddedDatabase server = embedded.getIfAvailable();
		DataSource local = server == null ? store : localOnEmbedded(server);
		createLocalWarehouse(local);
		String description = server == null ? "local warehouse in the store database"
				: "local warehouse in the embedded PostgreSQL (database system)";
		log.info("No lakegov.source.url: reading query history from the {}", description);
		return new SourceDatabase(local, LOCAL_HISTORY_TABLE, LOCAL_INVENTORY_TABLE, true, description,
				LOCAL_LINEAGE_TABLE, LOCAL_COLUMNS_TABLE);
	}

	private static DataSource remote(SourceProperties properties) {
		var pool = new HikariDataSource();
		pool.setPoolName("lakegov-source");
		pool.setJdbcUrl(properties.url());
		pool.setUsername(properties.username());
		pool.setPassword(properties.password());
		pool.setMaximumPoolSize(properties.maxPoolSize());
		pool.setConnectionTimeout(properties.connectionTimeout().toMillis());
		if (properties.url().startsWith("jdbc:databricks:")) {
			databricksProperties(properties).forEach(pool::addDataSourceProperty);
		}
		pool.setMinimumIdle(0);
		pool.setReadOnly(false);
		// a warehouse may be stopped: do not fail startup, connect on first use
		pool.setInitializationFailTimeout(-1);
		return pool;
	}

	private static DataSource localOnEmbedded(EmbeddedDatabase server) {
		var pool = new HikariDataSource();
		pool.setPoolName("lakegov-local-warehouse");
		pool.setJdbcUrl(server.jdbcUrl("system"));
		pool.setUsername(EmbeddedDatabase.USER);
		pool.setMaximumPoolSize(4);
		return pool;
	}

	private static void createLocalWarehouse(DataSource local) {
		try {
			String ddl = new ClassPathResource("warehouse/local-warehouse.sql").getContentAsString(StandardCharsets.UTF_8);
			JdbcClient.create(local).sql(ddl).update();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What lakegov tells the Databricks driver besides the URL, unless the URL says otherwise: the batch
	 * size (the 3.x driver ignores {@code setFetchSize} and fetches {@code RowsFetchedPerBlock} rows per
	 * round trip), and the query tag that marks lakegov's own statements in the query history.
	 */
	static Map<String, String> databricksProperties(SourceProperties properties) {
		Map<String, String> added = new LinkedHashMap<>();
		String url = properties.url().toLowerCase(Locale.ROOT);
		if (!url.contains(";rowsfetchedperblock=")) {
			added.put("RowsFetchedPerBlock", Integer.toString(properties.fetchSize()));
		}
		if (!url.contains(";query_tags=")) {
			added.put("QUERY_TAGS", OwnStatements.TAG_KEY + ":" + OwnStatements.TAG_VALUE);
		}
		return added;
	}

	/** The URL without anything that may be a secret (Databricks URLs can carry a PWD parameter). */
	static String redacted(String url) {
		return url.replaceAll("(?i)(pwd|password|token|secret)=[^;&]*", "$1=***");
	}

}
