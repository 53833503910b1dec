package io.lakegov.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.lakegov.embedded.EmbeddedDatabase;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Chooses the sources of query history: the list {@code lakegov.sources}, or the single configured JDBC
 * URL (a Databricks SQL Warehouse), or else the local warehouse: a {@code system} database on the embedded
 * PostgreSQL, or schemas in the store when the store is external (tests).
 */
@Configuration(proxyBeanMethods = false)
class SourceConfig {

	private static final Logger log = LoggerFactory.getLogger(SourceConfig.class);

	static final String LOCAL_HISTORY_TABLE = "query.history";

	static final String LOCAL_INVENTORY_TABLE = "lakehouse.tables";

	static final String LOCAL_LINEAGE_TABLE = "access.table_lineage";

	static final String LOCAL_COLUMNS_TABLE = "lakehouse.columns";

	@Bean
	Sources sources(SourceProperties single, SourceListProperties list, DataSource store,
			ObjectProvider<EmbeddedDatabase> embedded) {
		SourceSettingsCheck.check(list.sources(), single.configured() || single.username() != null
				|| single.password() != null);
		if (list.sources().isEmpty()) {
			return new Sources(List.of(single.configured() ? remote(SourceSettings.of(single))
					: local(SourceSettings.of(single), store, embedded)), List.of());
		}
		List<HistorySource> enabled = new ArrayList<>();
		List<String> disabled = new ArrayList<>();
		for (SourceSettings settings : list.sources()) {
			if (settings.enabled()) {
				enabled.add(remote(settings));
			}
			else {
				disabled.add(settings.name());
			}
		}
		log.info("Reading query history from {} source(s): {}{}", enabled.size(),
				enabled.stream().map(source -> source.name() + " (" + source.database().description() + ")").toList(),
				disabled.isEmpty() ? "" : "; disabled: " + disabled);
		return new Sources(enabled, disabled);
	}

	/** The first enabled source's database: the table inventory, the table metadata and the demo use it. */
	@Bean
	SourceDatabase sourceDatabase(Sources sources) {
		return sources.primary().database();
	}

	private static HistorySource local(SourceSettings settings, DataSource store,
			ObjectProvider<EmbeddedDatabase> embedded) {
		EmbeddedDatabase server = embedded.getIfAvailable();
		DataSource local = server == null ? store : localOnEmbedded(server);
		createLocalWarehouse(local);
		String description = server == null ? "local warehouse in the store database"
				: "local warehouse in the embedded PostgreSQL (database system)";
		log.info("No lakegov.source.url: reading query history from the {}", description);
		return source(settings, new SourceDatabase(local, LOCAL_HISTORY_TABLE, LOCAL_INVENTORY_TABLE, true, description,
				LOCAL_LINEAGE_TABLE, LOCAL_COLUMNS_TABLE));
	}

	private static HistorySource remote(SourceSettings settings) {
		return source(settings, new SourceDatabase(pool(settings), settings.table(), settings.inventoryTable(), false,
				Secrets.mask(settings.url()), settings.lineageTable(), settings.columnsTable()));
	}

	private static HistorySource source(SourceSettings settings, SourceDatabase database) {
		return new HistorySource(settings.name(), database, settings.fetchSize(), settings.queryTimeout(),
				new OwnStatements(settings.ownPrincipals()), settings.requestTimeout());
	}

	private static DataSource pool(SourceSettings settings) {
		var pool = new HikariDataSource();
		pool.setPoolName(SourceSettings.DEFAULT_NAME.equals(settings.name()) ? "lakegov-source"
				: "lakegov-source-" + settings.name());
		pool.setJdbcUrl(settings.url());
		pool.setUsername(settings.username());
		pool.setPassword(settings.password());
		pool.setMaximumPoolSize(settings.maxPoolSize());
		pool.setConnectionTimeout(settings.connectionTimeout().toMillis());
		if (settings.url().startsWith("jdbc:databricks:")) {
			databricksProperties(settings.url(), settings.fetchSize()).forEach(pool::addDataSourceProperty);
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
	static Map<String, String> databricksProperties(String jdbcUrl, int fetchSize) {
		Map<String, String> added = new LinkedHashMap<>();
		String url = jdbcUrl.toLowerCase(Locale.ROOT);
		if (!url.contains(";rowsfetchedperblock=")) {
			added.put("RowsFetchedPerBlock", Integer.toString(fetchSize));
		}
		if (!url.contains(";query_tags=")) {
			added.put("QUERY_TAGS", OwnStatements.TAG_KEY + ":" + OwnStatements.TAG_VALUE);
		}
		return added;
	}

}
