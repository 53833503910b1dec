package io.lakegov.history;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The database lakegov reads from: the Databricks SQL Warehouse in production, the demo warehouse on
 * the embedded default. Other packages read the lakehouse's metadata (table inventory, table
 * properties) through it too.
 *
 * @param dataSource connections to the source
 * @param historyTable the query history table, e.g. {@code system.query.history}
 * @param inventoryTable the table inventory, e.g. {@code system.information_schema.tables}
 * @param local whether this is the local warehouse (demo and tests) rather than a real source
 * @param description where it points, for logs and status (no credentials)
 */
public record SourceDatabase(DataSource dataSource, String historyTable, String inventoryTable, boolean local,
		String description) {

	public JdbcClient jdbc() {
		return JdbcClient.create(dataSource);
	}

	/** Whether this source is a Databricks SQL Warehouse (as opposed to a table laid out like one). */
	public boolean isDatabricks() {
		return description.startsWith("jdbc:databricks:");
	}

}
