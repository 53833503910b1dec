package io.lakegov.warehouse;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Keeps {@code system.information_schema.tables} equal to the tables of the session catalog, as Unity
 * Catalog's information schema is: one row per table and view, with type, format, location and times; and
 * {@code system.information_schema.views} with the text of each view's defining query.
 */
final class Inventory {

	static final String TABLE = "system.information_schema.tables";

	static final String VIEWS = "system.information_schema.views";

	private static final StructType VIEW_SCHEMA = new StructType()
		.add("table_catalog", DataTypes.StringType)
		.add("table_schema", DataTypes.StringType)
		.add("table_name", DataTypes.StringType)
		.add("view_definition", DataTypes.StringType);

	private static final StructType SCHEMA = new StructType()
		.add("table_catalog", DataTypes.StringType)
		.add("table_schema", DataTypes.StringType)
		.add("table_name", DataTypes.StringType)
		.add("table_type", DataTypes.StringType)
		.add("table_owner", DataTypes.StringType)
		.add("comment", DataTypes.StringType)
		.add("created", DataTypes.TimestampType)
		.add("created_by", DataTypes.StringType)
		.add("last_altered", DataTypes.TimestampType)
		.add("last_altered_by", DataTypes.StringType)
		.add("data_source_format", DataTypes.StringType)
		.add("storage_path", DataTypes.StringType);

	private final SparkSession spark;

	private Set<String> known = Set.of();

	Inventory(SparkSession spark) {
		this.spark = spark;
	}

	synchronized void refreshIfChanged() {
		try {
			if (!names().equals(known)) {
				refresh();
			}
		}
		catch (RuntimeException ex) {
			System.err.println("inventory refresh failed: " + ex.getMessage());
		}
	}

	synchronized void refresh() {
		Set<String> names = names();
		List<Row> rows = new ArrayList<>();
		List<Row> views = new ArrayList<>();
		for (String name : names) {
			Row row = describe(name, views);
			if (row != null) {
				rows.add(row);
			}
		}
		try {
			spark.createDataFrame(rows, SCHEMA).writeTo(TABLE).overwrite(functions.lit(true));
			spark.createDataFrame(views, VIEW_SCHEMA).writeTo(VIEWS).overwrite(functions.lit(true));
		}
		catch (NoSuchTableException ex) {
			throw new IllegalStateException(TABLE + " or " + VIEWS + " is missing", ex);
		}
		known = names;
	}

	/** {@code schema.table} of every table in the session catalog. */
	private Set<String> names() {
		Set<String> names = new TreeSet<>();
		for (Row database : spark.sql("SHOW DATABASES").collectAsList()) {
			String schema = database.getString(0);
			for (Row table : spark.sql("SHOW TABLES IN `" + schema + "`").collectAsList()) {
				if (!table.getBoolean(2)) {
					names.add(schema + "." + table.getString(1));
				}
			}
		}
		return names;
	}

	/** Spark hands out an Instant once the Thrift server has turned on its Java 8 time API. */
	private static Timestamp timestamp(Object value) {
		return value instanceof Instant instant ? Timestamp.from(instant) : (Timestamp) value;
	}

	/** The table's inventory row; a view's defining query goes to {@code views}. */
	private Row describe(String name, List<Row> views) {
		String schema = name.substring(0, name.indexOf('.'));
		String table = name.substring(name.indexOf('.') + 1);
		String type = null;
		String provider = null;
		String location = null;
		String owner = null;
		String comment = null;
		String viewText = null;
		Timestamp created = null;
		for (Row detail : spark.sql("DESCRIBE TABLE EXTENDED `" + schema + "`.`" + table + "`").collectAsList()) {
			String key = detail.getString(0);
			String value = detail.isNullAt(1) ? null : detail.getString(1);
			switch (key == null ? "" : key) {
				case "Type" -> type = value;
				case "Provider" -> provider = value;
				case "Location" -> location = value;
				case "Owner" -> owner = value;
				case "Comment" -> comment = value;
				case "View Text" -> viewText = value;
				default -> {
				}
			}
		}
		Timestamp altered = null;
		if ("delta".equalsIgnoreCase(provider)) {
			Row detail = spark.sql("DESCRIBE DETAIL `" + schema + "`.`" + table + "`")
				.select("createdAt", "lastModified")
				.first();
			created = timestamp(detail.get(0));
			altered = timestamp(detail.get(1));
		}
		String tableType = type == null ? "MANAGED" : type.toUpperCase(Locale.ROOT);
		if (viewText != null) {
			views.add(RowFactory.create("spark_catalog", schema, table, viewText));
		}
		return RowFactory.create("spark_catalog", schema, table, tableType, owner, comment, created, owner,
				altered != null ? altered : created, owner, provider == null ? null : provider.toUpperCase(Locale.ROOT),
				location);
	}

}
