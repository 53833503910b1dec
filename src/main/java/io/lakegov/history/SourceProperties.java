package io.lakegov.history;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where query history is read from: a Databricks SQL Warehouse through the Databricks JDBC driver
 * ({@code jdbc:databricks://<host>:443;httpPath=/sql/1.0/warehouses/<id>;AuthMech=3}, user
 * {@code token}, password a personal access token or service principal token), or any JDBC table with
 * the columns of {@code system.query.history}.
 *
 * @param url the JDBC URL; when unset the demo warehouse is the source (if enabled)
 * @param username the user ({@code token} for Databricks token authentication)
 * @param password the password or token, from the environment or a Secret
 * @param table the query history table
 * @param inventoryTable the table inventory ({@code information_schema.tables} of the source)
 * @param fetchSize rows fetched per round trip while streaming
 * @param queryTimeout how long one source query may run
 * @param maxPoolSize connections to the source
 * @param connectionTimeout how long to wait for a connection to the source: a stopped warehouse then
 * fails each attempt of a run this fast
 * @param ownPrincipals principals whose statements are lakegov's own and never usage (besides those
 * tagged {@code lakegov}): the user or service principal lakegov reads the source as
 * @param lineageTable the engine's table lineage, read as a second witness of what statements touched
 * @param columnsTable the column inventory ({@code information_schema.columns} of the source); a source
 * without it syncs tables only
 * @param requestTimeout how long an HTTP request waits for the source in all (the table metadata that
 * retention answers read live), however long {@code connectionTimeout} lets ingestion wait for a warehouse
 * that is starting; past it the answer says what it lacks
 */
@ConfigurationProperties("lakegov.source")
public record SourceProperties(String url, String username, String password,
		@DefaultValue("system.query.history") String table,
		@DefaultValue("system.information_schema.tables") String inventoryTable, @DefaultValue("1000") int fetchSize,
		@DefaultValue("30m") Duration queryTimeout, @DefaultValue("2") int maxPoolSize,
		@DefaultValue("30s") Duration connectionTimeout, @DefaultValue("") List<String> ownPrincipals,
		@DefaultValue(SourceProperties.DEFAULT_LINEAGE_TABLE) String lineageTable,
		@DefaultValue(SourceProperties.DEFAULT_COLUMNS_TABLE) String columnsTable,
		@DefaultValue("5s") Duration requestTimeout) {

	static final String DEFAULT_LINEAGE_TABLE = "system.access.table_lineage";

	static final String DEFAULT_COLUMNS_TABLE = "system.information_schema.columns";

	public SourceProperties {
		if (table == null || !table.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*){0,2}")) {
			throw new IllegalArgumentException("lakegov.source.table must be a plain [catalog.]schema.table name, was " + table);
		}
		if (inventoryTable == null || !inventoryTable.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*){0,2}")) {
			throw new IllegalArgumentException("lakegov.source.inventory-table must be a plain [catalog.]schema.table name, was " + inventoryTable);
		}
		if (lineageTable == null || !lineageTable.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*){0,2}")) {
			throw new IllegalArgumentException("lakegov.source.lineage-table must be a plain [catalog.]schema.table name, was " + lineageTable);
		}
		if (columnsTable == null || !columnsTable.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*){0,2}")) {
			throw new IllegalArgumentException("lakegov.source.columns-table must be a plain [catalog.]schema.table name, was " + columnsTable);
		}
		if (fetchSize < 1 || fetchSize > 100_000) {
			throw new IllegalArgumentException("lakegov.source.fetch-size must be between 1 and 100000, was " + fetchSize);
		}
		ownPrincipals = ownPrincipals == null ? List.of() : List.copyOf(ownPrincipals);
		if (connectionTimeout == null || connectionTimeout.toMillis() < 250) {
			throw new IllegalArgumentException("lakegov.source.connection-timeout must be at least 250ms, was " + connectionTimeout);
		}
		if (maxPoolSize < 1) {
			throw new IllegalArgumentException("lakegov.source.max-pool-size must be at least 1");
		}
		if (requestTimeout == null || requestTimeout.toMillis() < 100) {
			throw new IllegalArgumentException("lakegov.source.request-timeout must be at least 100ms, was " + requestTimeout);
		}
	}

	public boolean configured() {
		return url != null && !url.isBlank();
	}

}
