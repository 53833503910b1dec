package io.lakegov.support;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes rows into the local warehouse's {@code query.history}, the stand-in for Databricks'
 * {@code system.query.history} that tests ingest from.
 */
public final class SourceRows {

	private final JdbcClient jdbc;

	public SourceRows(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A row under construction; unset columns stay null. */
	public final class Row {

		private final Map<String, Object> values = new LinkedHashMap<>();

		private Row(String statementId) {
			values.put("statement_id", statementId);
			values.put("execution_status", "FINISHED");
		}

		public Row set(String column, Object value) {
			values.put(column, value instanceof Instant instant ? Timestamp.from(instant) : value);
			return this;
		}

		public Row text(String sql) {
			return set("statement_text", sql);
		}

		public Row user(String user) {
			return set("executed_by", user);
		}

		public Row session(String session) {
			return set("session_id", session);
		}

		public Row started(Instant start) {
			return set("start_time", start).set("update_time", start.plusSeconds(5));
		}

		public Row updated(Instant update) {
			return set("update_time", update);
		}

		public Row status(String status) {
			return set("execution_status", status);
		}

		/** {@code query_source} as JSON, e.g. {@code {"dashboard_id":"d1"}}. */
		public Row source(String json) {
			return set("query_source", json);
		}

		/** Inserts the row, or replaces the source's row of the same statement. */
		public void save() {
			StringBuilder columns = new StringBuilder();
			StringBuilder params = new StringBuilder();
			StringBuilder updates = new StringBuilder();
			for (String column : values.keySet()) {
				if (!columns.isEmpty()) {
					columns.append(", ");
					params.append(", ");
				}
				columns.append(column);
				boolean json = column.equals("query_source") || column.equals("compute")
						|| column.equals("query_parameters") || column.equals("query_tags");
				params.append(':').append(column).append(json ? "::jsonb" : "");
				if (!column.equals("statement_id")) {
					updates.append(updates.isEmpty() ? "" : ", ").append(column).append(" = EXCLUDED.").append(column);
				}
			}
			var statement = jdbc.sql("INSERT INTO query.history (" + columns + ") VALUES (" + params
					+ ") ON CONFLICT (statement_id) DO UPDATE SET " + updates);
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
		jdbc.sql("DELETE FROM query.history").update();
	}

}
