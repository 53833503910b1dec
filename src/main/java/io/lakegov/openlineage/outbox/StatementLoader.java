package io.lakegov.openlineage.outbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.openlineage.event.StoredStatement;
import io.lakegov.usage.QuerySource;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Reads what the store says about statements now, when their events are sent (not when they were recorded), in
 * three queries for a whole batch: their facts, their history rows with the redacted text of their analysis,
 * and the columns they certainly read and wrote. A statement with a history row and no reads or writes (any
 * more) is loaded from its row, without tables.
 */
@Repository
class StatementLoader {

	/** Who ran a statement whose row does not say, as its facts name them. */
	private static final String UNKNOWN_USER = "(unknown)";

	private final JdbcClient jdbc;

	private final JsonMapper json;

	StatementLoader(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	private record Fact(String statementId, StoredStatement.Access access, String statementKind, String status,
			String user, Instant eventTime, String sourceKind, String sourceId) {
	}

	private record History(String status, Instant start, Instant end, String jobRunId, String notebookId,
			String redactedText, String analyzerVersion, Instant eventTime, String user, String querySource,
			String kind) {
	}

	/** The statements of the source that have reads or writes or a history row, by id. */
	Map<String, StoredStatement> load(String source, Collection<String> statementIds) {
		SqlArrayValue ids = new SqlArrayValue("text", statementIds.toArray());
		Map<String, List<Fact>> facts = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT statement_id, table_name, role, witness, statement_kind, execution_status, user_name, event_time,
				       source_kind, source_id
				FROM table_access
				WHERE source = :source AND statement_id = ANY(:ids) AND role IN ('READ', 'WRITE')
				ORDER BY statement_id, access_no""")
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> new Fact(rs.getString(1), new StoredStatement.Access(rs.getString(2), rs.getString(3),
					rs.getString(4)), rs.getString(5), rs.getString(6), rs.getString(7), rs.getTimestamp(8).toInstant(),
					rs.getString(9), rs.getString(10)))
			.list()
			.forEach(fact -> facts.computeIfAbsent(fact.statementId(), id -> new ArrayList<>()).add(fact));
		Map<String, History> history = new HashMap<>();
		jdbc.sql("""
				SELECT q.statement_id, q.execution_status, q.start_time, q.end_time,
				       q.query_source -> 'job_info' ->> 'job_run_id', q.query_source ->> 'notebook_id', a.redacted_sql,
				       q.analyzer_version, coalesce(q.start_time, q.update_time), q.executed_by, q.query_source::text, a.kind
				FROM query_history q
				LEFT JOIN statement_analysis a ON a.text_hash = q.text_hash AND a.analyzer_version = q.analyzer_version
				WHERE q.source = :source AND q.statement_id = ANY(:ids)""")
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> history.put(rs.getString(1), new History(rs.getString(2), instant(rs.getTimestamp(3)),
					instant(rs.getTimestamp(4)), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
					rs.getTimestamp(9).toInstant(), rs.getString(10), rs.getString(11),
					rs.getString(12))))
			.list();
		Map<String, StoredStatement> statements = new HashMap<>();
		history.forEach((id, row) -> {
			if (!facts.containsKey(id)) {
				statements.put(id, withoutTables(source, id, row));
			}
		});
		if (facts.isEmpty()) {
			return statements;
		}
		Map<String, List<StoredStatement.Column>> columns = new HashMap<>();
		jdbc.sql("""
				SELECT statement_id, table_name, column_name, role
				FROM column_access
				WHERE source = :source AND statement_id = ANY(:ids) AND resolution = 'RESOLVED' AND column_name <> '*'
				  AND column_name <> '' AND role IN ('READ', 'WRITE')
				ORDER BY statement_id, role, table_name, column_name""")
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> columns.computeIfAbsent(rs.getString(1), id -> new ArrayList<>())
				.add(new StoredStatement.Column(rs.getString(2), rs.getString(3), rs.getString(4))))
			.list();
		facts.forEach((id, of) -> statements.put(id, statement(source, id, of, history.get(id), columns.get(id))));
		return statements;
	}

	private static StoredStatement statement(String source, String id, List<Fact> facts, @Nullable History row,
			@Nullable List<StoredStatement.Column> columns) {
		Fact first = facts.get(0);
		Instant start = facts.stream().map(Fact::eventTime).min(Instant::compareTo).orElseThrow();
		return new StoredStatement(source, id, row == null || row.status() == null ? first.status() : row.status(),
				row == null || row.start() == null ? start : row.start(), row == null ? null : row.end(), first.user(),
				first.sourceKind(), first.sourceId(), row == null ? null : row.jobRunId(),
				row == null ? null : row.notebookId(), row == null ? null : row.redactedText(), first.statementKind(),
				row == null ? null : row.analyzerVersion(), facts.stream().map(Fact::access).toList(),
				columns == null ? List.of() : columns);
	}

	/** A statement that reads and writes no table, as its history row has it. */
	private StoredStatement withoutTables(String source, String id, History row) {
		String user = row.user() == null || row.user().isBlank() ? UNKNOWN_USER : row.user();
		QuerySource through = QuerySource.of(row.querySource(), json);
		return new StoredStatement(source, id, row.status(), row.eventTime(), row.end(), user, through.kind(),
				through.id(), row.jobRunId(), row.notebookId(), row.redactedText(), row.kind(),
				row.analyzerVersion(), List.of(), List.of());
	}

	private static @Nullable Instant instant(java.sql.@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
