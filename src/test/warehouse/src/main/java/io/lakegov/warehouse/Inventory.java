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
 * Catalog's information schema is: one row per table and view, with type, format, location and times;
 * {@code system.information_schema.views} with the text of each view's defining query; and
 * {@code system.information_schema.columns}: one row per column of each, in table order.
 */
final class Inventory {

	static final String TABLE = "system.information_schema.tables";

	static final String VIEWS = "system.information_schema.views";

	private static final StructType VIEW_SCHEMA = new StructType()
		.add("table_catalog", DataTypes.StringType)
		.add("table_schema", DataTypes.StringType)
		.add("table_name", DataTypes.StringType)
		.add("view_definition", DataTypes.StringType);

	static final String COLUMNS = "system.information_schema.columns";

	private static final StructType COLUMN_SCHEMA = new StructType()
		.add("table_catalog", DataTypes.StringType)
		.add("table_schema", DataTypes.StringType)
		.add("table_name", DataTypes.StringType)
		.add("column_name", DataTypes.StringType)
		.add("ordinal_position", DataTypes.IntegerType)
		.add("is_nullable", DataTypes.StringType)
		.add("full_data_type", DataTypes.StringType)
		.add("data_type", DataTypes.StringType)
		.add("comment", DataTypes.StringType);

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
		List<Row> columns = new ArrayList<>();
		for (String name : names) {
			Row row = describe(name, views, columns);
			if (row != null) {
				rows.add(row);
			}
		}
		try {
			spark.createDataFrame(rows, SCHEMA).writeTo(TABLE).overwrite(functions.lit(true));
			spark.createDataFrame(views, VIEW_SCHEMA).writeTo(VIEWS).overwrite(functions.lit(true));
			spark.createDataFrame(columns, COLUMN_SCHEMA).writeTo(COLUMNS).overwrite(functions.lit(true));
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

	/** The table's inventory row; a view's defining query goes to {@code views}, its columns to {@code columns}. */
	private Row describe(String name, List<Row> views, List<Row> columns) {
		String schema = name.substring(0, name.indexOf('.'));
		String table = name.substring(name.indexOf('.') + 1);
		String type = null;
		String provider = null;
		String location = null;
		String owner = null;
		String comment = null;
		String viewText = null;
		Timestamp created = null;
		boolean inColumns = true;
		int position = 0;
		for (Row detail : spark.sql("DESCRIBE TABLE EXTENDED `" + schema + "`.`" + table + "`").collectAsList()) {
			String key = detail.getString(0);
			String value = detail.isNullAt(1) ? null : detail.getString(1);
			// the columns come first, up to an empty row or the first "# ..." section
			inColumns &= key != null && !key.isBlank() && !key.startsWith("#");
			if (inColumns) {
				String dataType = value == null ? null : value.toUpperCase(Locale.ROOT);
				columns.add(RowFactory.create("spark_catalog", schema, table, key, ++position, "YES", dataType,
						dataType, detail.isNullAt(2) ? null : detail.getString(2)));
				continue;
			}
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
