package io.lakegov.history.demo;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.lakegov.history.SourceDatabase;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Writes generated statements into the local warehouse's query history and their engine lineage (with
 * the real one's gaps, {@link DemoLineage}), and keeps its table inventory, table properties and table
 * history in line with the demo lakehouse. A share of the sessions has its statement texts masked as
 * {@code <REDACTED>}, as Databricks shows them to a principal outside {@code databricks_pii_access}.
 */
public final class DemoWarehouse {

	private static final String UPSERT = """
			INSERT INTO %s (account_id, workspace_id, statement_id, executed_by, executed_as, session_id,
			    execution_status, compute, statement_text, statement_type, error_message, client_application,
			    start_time, end_time, update_time, total_duration_ms, execution_duration_ms, read_rows, produced_rows,
			    read_bytes, from_result_cache, query_source)
			VALUES ('acc-demo', '1234567890', ?, ?, ?, ?, ?, '{"type": "WAREHOUSE", "warehouse_id": "demo-wh"}'::jsonb,
			    ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, ?::jsonb)
			ON CONFLICT (statement_id) DO UPDATE SET execution_status = EXCLUDED.execution_status,
			    error_message = EXCLUDED.error_message, end_time = EXCLUDED.end_time, update_time = EXCLUDED.update_time,
			    total_duration_ms = EXCLUDED.total_duration_ms, execution_duration_ms = EXCLUDED.execution_duration_ms,
			    read_rows = EXCLUDED.read_rows, produced_rows = EXCLUDED.produced_rows, read_bytes = EXCLUDED.read_bytes""";

	private static final String LINEAGE = """
			INSERT INTO %s (account_id, workspace_id, statement_id, source_table_full_name, source_type, source_path,
			    target_table_full_name, target_type, created_by, entity_type, entity_id, event_time, event_date)
			VALUES ('acc-demo', '1234567890', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

	private final JdbcTemplate jdbc;

	private final String historyTable;

	private final String inventoryTable;

	private final String lineageTable;

	private final String columnsTable;

	private final double maskedShare;

	/** A warehouse that shows every statement text. */
	public DemoWarehouse(SourceDatabase source) {
		this(source, 0);
	}

	/** @param maskedShare the share of sessions whose statement texts are masked, 0 to 1 */
	public DemoWarehouse(SourceDatabase source, double maskedShare) {
		if (!source.local()) {
			throw new IllegalStateException("The demo workload only writes into the local warehouse");
		}
		this.jdbc = new JdbcTemplate(source.dataSource());
		this.historyTable = source.historyTable();
		this.inventoryTable = source.inventoryTable();
		this.lineageTable = source.lineageTable();
		this.columnsTable = source.columnsTable();
		this.maskedShare = maskedShare;
	}

	/** Whether the statement's text is masked: all statements of a session are, or none. */
	public boolean masked(DemoStatement statement) {
		return Math.floorMod(statement.sessionId().hashCode() * 17, 1000) < maskedShare * 1000;
	}

	/** Whether the engine's lineage records the statement (with every table it truly touched). */
	public static boolean hasLineage(DemoStatement statement) {
		return DemoLineage.recorded(statement);
	}

	public boolean hasHistory() {
		return Boolean.TRUE.equals(jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM " + historyTable + ")", Boolean.class));
	}

	/** Writes the statements in their final state, with their lineage. */
	public void writeFinished(List<DemoStatement> statements) {
		write(statements, false);
		List<DemoLineage.Row> rows = statements.stream().flatMap(statement -> DemoLineage.rows(statement).stream()).toList();
		jdbc.batchUpdate(LINEAGE.formatted(lineageTable), rows, 1000, (PreparedStatement row, DemoLineage.Row r) -> {
			row.setString(1, r.statementId());
			row.setString(2, r.source());
			row.setString(3, r.source() != null ? "TABLE" : r.sourcePath() != null ? "PATH" : null);
			row.setString(4, r.sourcePath());
			row.setString(5, r.target());
			row.setString(6, r.target() == null ? null : "TABLE");
			row.setString(7, r.createdBy());
			row.setString(8, r.entityType());
			row.setString(9, r.entityId());
			row.setTimestamp(10, Timestamp.from(r.eventTime()));
			row.setObject(11, r.eventTime().atZone(java.time.ZoneOffset.UTC).toLocalDate());
		});
	}

	/** Writes the statements as still running: no end, update time at their start. */
	public void writeRunning(List<DemoStatement> statements) {
		write(statements, true);
	}

	private void write(List<DemoStatement> statements, boolean running) {
		jdbc.batchUpdate(UPSERT.formatted(historyTable), statements, 1000, (PreparedStatement row, DemoStatement s) -> {
			bind(row, s, running, masked(s));
		});
	}

	private static void bind(PreparedStatement row, DemoStatement s, boolean running, boolean masked)
			throws SQLException {
		Instant end = running ? null : s.end();
		long duration = end == null ? 0 : end.toEpochMilli() - s.start().toEpochMilli();
		row.setString(1, s.statementId());
		row.setString(2, s.user());
		row.setString(3, s.user());
		row.setString(4, s.sessionId());
		row.setString(5, running ? "RUNNING" : s.status());
		row.setString(6, masked ? "<REDACTED>" : s.text());
		row.setString(7, s.statementType());
		row.setString(8, running ? null : s.errorMessage());
		row.setString(9, s.querySource().contains("dashboard_id\": \"") ? "Databricks SQL Dashboard" : "Databricks SQL Editor");
		row.setTimestamp(10, Timestamp.from(s.start()));
		row.setTimestamp(11, end == null ? null : Timestamp.from(end));
		row.setTimestamp(12, Timestamp.from(end == null ? s.start() : end.plusMillis(500)));
		row.setLong(13, duration);
		row.setLong(14, duration * 9 / 10);
		long readRows = running ? 0 : Math.abs(s.statementId().hashCode() % 1_000_000);
		row.setLong(15, readRows);
		row.setLong(16, running ? 0 : Math.abs(s.statementId().hashCode() % 1000));
		// a row of a Delta table's Parquet files: some tens to a few hundred bytes
		row.setLong(17, readRows * (40 + (s.statementId().hashCode() >>> 8) % 200));
		row.setString(18, s.querySource());
	}

	private void refreshColumns() {
		DemoColumns.BY_TABLE.forEach((table, columns) -> {
			String[] parts = table.split("\\.");
			for (int i = 0; i < columns.size(); i++) {
				jdbc.update("""
						INSERT INTO %s (table_catalog, table_schema, table_name, column_name, ordinal_position, data_type)
						VALUES (?, ?, ?, ?, ?, 'STRING')
						ON CONFLICT (table_catalog, table_schema, table_name, column_name) DO NOTHING"""
					.formatted(columnsTable), DemoCatalog.CATALOG, parts[0], parts[1], columns.get(i), i + 1);
			}
		});
	}

	/** The demo lakehouse's tables, retention settings and commit history, as of now. */
	public void refreshCatalog(Instant now) {
		for (String table : DemoCatalog.TABLES) {
			String[] parts = table.split("\\.");
			jdbc.update("""
					INSERT INTO %s (table_catalog, table_schema, table_name, table_type, data_source_format, storage_path,
					    table_owner, created, created_by, last_altered, last_altered_by)
					VALUES (?, ?, ?, 'MANAGED', 'DELTA', ?, 'data-platform', ?, 'etl-nightly-sp', ?, 'etl-nightly-sp')
					ON CONFLICT (table_catalog, table_schema, table_name) DO NOTHING""".formatted(inventoryTable),
					DemoCatalog.CATALOG, parts[0], parts[1],
					"s3://demo-lakehouse/" + DemoCatalog.CATALOG + "/" + parts[0] + "/" + parts[1],
					Timestamp.from(now.minusSeconds(400L * 86400)), Timestamp.from(now.minusSeconds(86400)));
		}
		for (var view : DemoViews.DEFINITIONS.entrySet()) {
			String[] parts = view.getKey().split("\\.");
			jdbc.update("""
					INSERT INTO %s (table_catalog, table_schema, table_name, table_type, table_owner, created, created_by,
					    last_altered, last_altered_by)
					VALUES (?, ?, ?, 'VIEW', 'data-platform', ?, 'dbt-prod-sp', ?, 'dbt-prod-sp')
					ON CONFLICT (table_catalog, table_schema, table_name) DO NOTHING""".formatted(inventoryTable),
					DemoCatalog.CATALOG, parts[0], parts[1], Timestamp.from(now.minusSeconds(400L * 86400)),
					Timestamp.from(now.minusSeconds(400L * 86400)));
			jdbc.update("""
					INSERT INTO lakehouse.views (table_catalog, table_schema, table_name, view_definition)
					VALUES (?, ?, ?, ?)
					ON CONFLICT (table_catalog, table_schema, table_name) DO NOTHING""", DemoCatalog.CATALOG, parts[0],
					parts[1], view.getValue());
		}
		if (columnsTable != null) {
			refreshColumns();
		}
		String ledger = DemoCatalog.qualified(DemoCatalog.OVER_RETAINED);
		jdbc.update("""
				INSERT INTO lakehouse.table_properties (table_full_name, key, value) VALUES
				    (?, 'delta.logRetentionDuration', 'interval 365 days'),
				    (?, 'delta.deletedFileRetentionDuration', 'interval 180 days')
				ON CONFLICT (table_full_name, key) DO NOTHING""", ledger, ledger);
		String travelled = DemoCatalog.qualified(DemoCatalog.TIME_TRAVELLED);
		long newest = DemoWorkload.versionAt(now);
		long oldest = DemoWorkload.versionAt(now.minusSeconds(40L * 86400));
		jdbc.update("""
				INSERT INTO lakehouse.table_history (table_full_name, version, timestamp, operation)
				SELECT ?, v, ?::timestamptz + (v * interval '6 hours'), 'WRITE'
				FROM generate_series(?::bigint, ?::bigint) AS v
				ON CONFLICT (table_full_name, version) DO NOTHING""", travelled,
				Timestamp.from(DemoWorkload.VERSION_ORIGIN), oldest, newest);
	}

}
