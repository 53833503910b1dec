package io.lakegov.support;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes rows into the local warehouse's {@code access.table_lineage}, the stand-in for Databricks'
 * {@code system.access.table_lineage} that tests ingest from.
 */
public final class SourceLineage {

	private final JdbcClient jdbc;

	private final String table;

	public SourceLineage(JdbcClient jdbc) {
		this(jdbc, "access.table_lineage");
	}

	/** Writes into another table laid out like {@code access.table_lineage} (a source's own lineage table). */
	public SourceLineage(JdbcClient jdbc, String table) {
		this.jdbc = jdbc;
		this.table = table;
	}

	/** A row under construction; unset columns stay null. */
	public final class Row {

		private final Map<String, Object> values = new LinkedHashMap<>();

		private Row(String statementId) {
			values.put("statement_id", statementId);
		}

		public Row set(String column, Object value) {
			values.put(column, value instanceof Instant instant ? Timestamp.from(instant) : value);
			return this;
		}

		public Row source(String table) {
			return set("source_table_full_name", table).set("source_type", "TABLE");
		}

		public Row sourcePath(String path) {
			return set("source_path", path).set("source_type", "PATH");
		}

		public Row target(String table) {
			return set("target_table_full_name", table).set("target_type", "TABLE");
		}

		public Row by(String user) {
			return set("created_by", user);
		}

		public Row entity(String type, String id) {
			return set("entity_type", type).set("entity_id", id);
		}

		public Row at(Instant time) {
			return set("event_time", time).set("event_date", java.sql.Date.valueOf(time.atZone(ZoneOffset.UTC).toLocalDate()));
		}

		public void save() {
			StringBuilder columns = new StringBuilder();
			StringBuilder params = new StringBuilder();
			for (String column : values.keySet()) {
				columns.append(columns.isEmpty() ? "" : ", ").append(column);
				params.append(params.isEmpty() ? "" : ", ").append(':').append(column)
					.append(column.equals("entity_metadata") ? "::jsonb" : "");
			}
			var statement = jdbc.sql("INSERT INTO " + table + " (" + columns + ") VALUES (" + params + ")");
			for (var entry : values.entrySet()) {
				statement = statement.param(entry.getKey(), entry.getValue());
			}
			statement.update();
		}

	}

	public Row row(String statementId) {
		return new Row(statementId);
	}

	public void clear() {
		jdbc.sql("DELETE FROM " + table).update();
	}

}
