package io.lakegov.views;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The two witnesses of what views read: the statements in the facts, and the kept inventory definitions;
 * and the columns the statements read.
 */
@Repository
class ViewDefinitionRepository {

	private final JdbcClient jdbc;

	ViewDefinitionRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The accesses of every finished statement that created, replaced, altered, renamed or dropped a view (or
	 * any table: a materialized view is dropped with DROP TABLE's kind, and ALTER TABLE renames views too), in
	 * statement order. The predicates are the partial indexes', so this reads those indexes and the few facts
	 * they point to, never the whole table. {@code ifAbsent}: a {@code CREATE [MATERIALIZED] VIEW IF NOT EXISTS}, as
	 * its analysis says.
	 */
	List<StatementAccess> viewStatements() {
		return jdbc.sql("""
				WITH found AS (
				    SELECT source, statement_id, statement_kind, role, table_name, event_time, access_no
				    FROM table_access
				    WHERE statement_kind IN ('CREATE_VIEW', 'CREATE_MATERIALIZED_VIEW', 'CREATE_METRIC_VIEW', 'ALTER_VIEW',
				                             'DROP_VIEW', 'DROP_TABLE')
				      AND coalesce(execution_status, 'FINISHED') = 'FINISHED' AND role IN ('READ', 'WRITE')
				    UNION ALL
				    SELECT a.source, a.statement_id, a.statement_kind, a.role, a.table_name, a.event_time, a.access_no
				    FROM table_access n
				    JOIN table_access a ON a.source = n.source AND a.statement_id = n.statement_id
				         AND a.role IN ('READ', 'WRITE')
				    WHERE n.statement_kind = 'ALTER_TABLE' AND n.access_no = 1
				      AND coalesce(n.execution_status, 'FINISHED') = 'FINISHED')
				SELECT f.statement_id, f.statement_kind, f.role, f.table_name, f.event_time, f.source,
				       CASE WHEN f.role = 'WRITE' THEN EXISTS (
				           SELECT 1 FROM query_history q
				           JOIN statement_analysis s ON s.text_hash = q.text_hash AND s.analyzer_version = q.analyzer_version
				           WHERE q.source = f.source AND q.statement_id = f.statement_id AND s.only_if_absent) ELSE false END
				FROM found f
				ORDER BY f.event_time, f.source, f.statement_id, f.access_no""")
			.query((rs, n) -> new StatementAccess(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
					instant(rs.getTimestamp(5)), rs.getString(6), rs.getBoolean(7)))
			.list();
	}

	/** Every definition the catalog sync kept, with the view's type from the table inventory. */
	List<InventoryDefinition> inventoryDefinitions() {
		return jdbc.sql("""
				SELECT v.full_name, v.table_catalog, v.table_schema, v.definition, v.valid_from, v.valid_to,
				       v.ended = 'VANISHED' AS vanished,
				       (SELECT t.table_type FROM table_inventory t WHERE t.full_name = v.full_name
				        ORDER BY t.valid_to IS NULL DESC, t.valid_from DESC LIMIT 1) AS table_type
				FROM view_inventory v
				ORDER BY v.valid_from, v.id""")
			.query((rs, n) -> new InventoryDefinition(rs.getString(1), rs.getString(2), rs.getString(3),
					rs.getString(4), instant(rs.getTimestamp(5)), instant(rs.getTimestamp(6)), rs.getBoolean(7),
					rs.getString(8)))
			.list();
	}

	/** Of the given statements, those whose certain column facts read the column of the table. */
	Set<Statement> readingColumn(List<Statement> statements, String table, String column) {
		return new HashSet<>(jdbc.sql("""
				SELECT DISTINCT c.source, c.statement_id
				FROM unnest(CAST(:sources AS text[]), CAST(:ids AS text[])) AS d (source, statement_id)
				JOIN column_access c ON c.source = d.source AND c.statement_id = d.statement_id
				WHERE c.table_name = :table AND c.column_name = :column AND c.role = 'READ'
				  AND c.resolution = 'RESOLVED'""")
			.param("sources", new SqlArrayValue("text", statements.stream().map(Statement::source).toArray()))
			.param("ids", new SqlArrayValue("text", statements.stream().map(Statement::statementId).toArray()))
			.param("table", table)
			.param("column", column)
			.query((rs, n) -> new Statement(rs.getString(1), rs.getString(2)))
			.list());
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	/** One access of a view statement; statement ids are unique only within their source. */
	record StatementAccess(String statementId, String kind, String role, String table, Instant at, String source,
			boolean ifAbsent) {

		boolean sameStatement(StatementAccess other) {
			return statementId.equals(other.statementId) && source.equals(other.source);
		}

	}

	/** A statement of one source. */
	record Statement(String source, String statementId) {
	}

	record InventoryDefinition(String view, String catalog, String schema, String definition, Instant from,
			Instant to, boolean vanished, String tableType) {
	}

}
