package io.lakegov.support;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.lakegov.support.WarehouseHistory.literal;
import static io.lakegov.support.WarehouseHistory.timestamp;

/**
 * Writes rows into the test warehouse's {@code system.access.table_lineage} with Spark SQL, in
 * Databricks' column types (the {@code entity_metadata} struct among them).
 */
public final class WarehouseLineage {

	private static final String COLUMNS = """
			account_id STRING|metastore_id STRING|workspace_id STRING|entity_type STRING|entity_id STRING|
			entity_run_id STRING|source_table_full_name STRING|source_table_catalog STRING|source_table_schema STRING|
			source_table_name STRING|source_path STRING|source_type STRING|target_table_full_name STRING|
			target_table_catalog STRING|target_table_schema STRING|target_table_name STRING|target_path STRING|
			target_type STRING|created_by STRING|event_time TIMESTAMP|event_date DATE|record_id STRING|event_id STRING|
			statement_id STRING|entity_metadata STRUCT<job_info: STRUCT<job_id: STRING, job_run_id: STRING>, dashboard_id: STRING, legacy_dashboard_id: STRING, notebook_id: STRING, sql_query_id: STRING, dlt_pipeline_info: STRUCT<dlt_pipeline_id: STRING, dlt_update_id: STRING>>""";

	private static final Map<String, String> TYPES = types();

	private final TestWarehouse warehouse;

	public WarehouseLineage(TestWarehouse warehouse) {
		this.warehouse = warehouse;
	}

	/** A row under construction; unset columns are NULL. */
	public final class Row {

		private final Map<String, String> values = new LinkedHashMap<>();

		private Row(String statementId) {
			values.put("statement_id", literal(statementId));
			values.put("workspace_id", literal("1234567890"));
		}

		public Row source(String table) {
			return raw("source_table_full_name", literal(table)).raw("source_type", literal("TABLE"));
		}

		public Row sourcePath(String path) {
			return raw("source_path", literal(path)).raw("source_type", literal("PATH"));
		}

		public Row target(String table) {
			return raw("target_table_full_name", literal(table)).raw("target_type", literal("TABLE"));
		}

		public Row by(String user) {
			return raw("created_by", literal(user));
		}

		/** A notebook entity, with the struct Databricks fills for it. */
		public Row notebook(String id) {
			return raw("entity_type", literal("NOTEBOOK")).raw("entity_id", literal(id))
				.raw("entity_metadata", "named_struct('job_info', CAST(NULL AS STRUCT<job_id: STRING, job_run_id: STRING>), "
						+ "'dashboard_id', CAST(NULL AS STRING), 'legacy_dashboard_id', CAST(NULL AS STRING), 'notebook_id', "
						+ literal(id) + ", 'sql_query_id', CAST(NULL AS STRING), 'dlt_pipeline_info', "
						+ "CAST(NULL AS STRUCT<dlt_pipeline_id: STRING, dlt_update_id: STRING>))");
		}

		public Row at(Instant time) {
			return raw("event_time", timestamp(time)).raw("event_date", "to_date(" + timestamp(time) + ")");
		}

		public Row raw(String column, String expression) {
			values.put(column, expression);
			return this;
		}

		String tuple() {
			return TYPES.entrySet()
				.stream()
				.map(column -> values.getOrDefault(column.getKey(), "CAST(NULL AS " + column.getValue() + ")"))
				.collect(Collectors.joining(", ", "(", ")"));
		}

	}

	public Row row(String statementId) {
		return new Row(statementId);
	}

	/** Inserts rows in one statement (one commit of the table). */
	public void insert(List<Row> rows) {
		if (!rows.isEmpty()) {
			warehouse.execute("INSERT INTO system.access.table_lineage VALUES "
					+ rows.stream().map(Row::tuple).collect(Collectors.joining(",\n")));
		}
	}

	public void clear() {
		warehouse.execute("DELETE FROM system.access.table_lineage");
	}

	private static Map<String, String> types() {
		Map<String, String> types = new LinkedHashMap<>();
		for (String column : COLUMNS.split("\\|")) {
			String trimmed = column.strip();
			int space = trimmed.indexOf(' ');
			types.put(trimmed.substring(0, space), trimmed.substring(space + 1));
		}
		return types;
	}

}
