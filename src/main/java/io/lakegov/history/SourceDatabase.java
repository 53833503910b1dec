package io.lakegov.history;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

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
 * @param lineageTable the engine's table lineage, e.g. {@code system.access.table_lineage}
 * @param columnsTable the column inventory, e.g. {@code system.information_schema.columns}; null when
 * the source has none
 */
public record SourceDatabase(DataSource dataSource, String historyTable, String inventoryTable, boolean local,
		String description, String lineageTable, String columnsTable) {

	/** A source whose lineage table has Databricks' name. */
	public SourceDatabase(DataSource dataSource, String historyTable, String inventoryTable, boolean local,
			String description) {
		this(dataSource, historyTable, inventoryTable, local, description, SourceProperties.DEFAULT_LINEAGE_TABLE);
	}

	/** A source whose column inventory sits next to its table inventory ({@code x.tables}: {@code x.columns}). */
	public SourceDatabase(DataSource dataSource, String historyTable, String inventoryTable, boolean local,
			String description, String lineageTable) {
		this(dataSource, historyTable, inventoryTable, local, description, lineageTable,
				inventoryTable != null && inventoryTable.endsWith(".tables")
						? inventoryTable.substring(0, inventoryTable.length() - "tables".length()) + "columns" : null);
	}

	public JdbcClient jdbc() {
		return JdbcClient.create(dataSource);
	}

	/** Whether this source is a Databricks SQL Warehouse (as opposed to a table laid out like one). */
	public boolean isDatabricks() {
		return description.startsWith("jdbc:databricks:");
	}

	/**
	 * The placeholder for a time stamp parameter, to be bound with {@link #timeValue}. Databricks gets
	 * the instant as ISO-8601 text with its zone and casts it, because the drivers format
	 * {@code Timestamp} parameters in the JVM's zone (and the 3.0 driver does not even quote them).
	 */
	public String timeParameter() {
		return isDatabricks() ? "CAST(? AS TIMESTAMP)" : "?";
	}

	/** The value to bind to a {@link #timeParameter()}. */
	public Object timeValue(Instant instant) {
		return isDatabricks() ? SourceTimes.sparkLiteral(instant) : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
	}

}
