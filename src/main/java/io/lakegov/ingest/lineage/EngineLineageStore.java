package io.lakegov.ingest.lineage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.LineageRow;
import io.lakegov.store.CopyRows;
import io.lakegov.store.TimeRange;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The engine's lineage rows as the store keeps them, one per source and {@code lineage_key}, and what they
 * say. Statement ids are a source's: every lookup is within one source.
 */
@Repository
public class EngineLineageStore {

	private static final String STAGE = """
			CREATE TEMP TABLE IF NOT EXISTS lineage_batch (lineage_key text, statement_id text,
			    source_table_full_name text, source_type text, source_path text, target_table_full_name text,
			    target_type text, target_path text, entity_type text, entity_id text, entity_run_id text,
			    entity_metadata jsonb, created_by text, event_time timestamptz, event_date date,
			    extra_columns jsonb) ON COMMIT DROP;
			TRUNCATE lineage_batch""";

	private static final String COLUMNS = """
			lineage_key, statement_id, source_table_full_name, source_type, source_path, target_table_full_name,
			target_type, target_path, entity_type, entity_id, entity_run_id, entity_metadata, created_by, event_time,
			event_date, extra_columns""";

	private static final String ACCESSES = """
			SELECT statement_id, lineage_key, source_table_full_name, source_path, target_table_full_name, target_path,
			       event_time, created_by, entity_type, entity_id
			FROM engine_lineage WHERE source = :source""";

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final JsonMapper json;

	EngineLineageStore(JdbcClient jdbc, CopyRows copy, JsonMapper json) {
		this.jdbc = jdbc;
		this.copy = copy;
		this.json = json;
	}

	/** A row the store did not have yet. */
	public record Inserted(String lineageKey, String statementId) {
	}

	/**
	 * A row stored before its run read the history window, which is yet to say what the row stands for; a row
	 * that has left the store since (detail retention) has no event time.
	 */
	public record Awaiting(String lineageKey, @Nullable String statementId, @Nullable Instant eventTime) {
	}

	/** A row read with its key, which takes a hash to compute and is computed once. */
	public record Keyed(LineageRow row, String key) {
	}

	/** The rows with their keys, computed ahead of the batch's transaction. */
	public static List<Keyed> keyed(List<LineageRow> rows) {
		List<Keyed> keyed = new ArrayList<>(rows.size());
		rows.forEach(row -> keyed.add(new Keyed(row, row.key())));
		return keyed;
	}

	/**
	 * Stores the rows the store does not have (by key), as awaiting their history, and returns them; a
	 * row read again changes nothing. The keys are looked up first, so a re-read window (every run's overlap,
	 * a backfill) copies only the rows it brings new. Runs in the batch's transaction.
	 */
	public List<Inserted> insertNew(String source, List<Keyed> read, long runId) {
		if (read.isEmpty()) {
			return List.of();
		}
		Set<String> stored = stored(source, read);
		List<Keyed> rows = stored.isEmpty() ? read : read.stream().filter(row -> !stored.contains(row.key())).toList();
		if (rows.isEmpty()) {
			return List.of();
		}
		jdbc.sql(STAGE).update();
		CopyRows.Text text = new CopyRows.Text(rows.size());
		for (Keyed keyed : rows) {
			LineageRow row = keyed.row();
			text.value(keyed.key())
				.value(row.statementId())
				.value(row.sourceTable())
				.value(row.sourceType())
				.value(row.sourcePath())
				.value(row.targetTable())
				.value(row.targetType())
				.value(row.targetPath())
				.value(row.entityType())
				.value(row.entityId())
				.value(row.entityRunId())
				.value(row.entityMetadata() == null ? null : row.entityMetadata().json())
				.value(row.createdBy())
				.value(row.eventTime())
				.value(row.eventDate())
				.value(row.extras().isEmpty() ? null : extras(row))
				.endRow();
		}
		copy.copy("COPY lineage_batch (" + COLUMNS + ") FROM STDIN", text);
		// a key read twice in one batch is one row
		return jdbc.sql("WITH inserted AS (INSERT INTO engine_lineage (source, " + COLUMNS + ", first_seen_at, "
				+ "ingestion_run_id) SELECT DISTINCT ON (lineage_key) :source, " + COLUMNS + ", now(), :run "
				+ "FROM lineage_batch ORDER BY lineage_key ON CONFLICT (source, lineage_key) DO NOTHING "
				+ "RETURNING lineage_key, statement_id), awaiting AS (INSERT INTO lineage_awaiting_history (source, "
				+ "lineage_key) SELECT :source, lineage_key FROM inserted) SELECT lineage_key, statement_id FROM inserted")
			.param("source", source)
			.param("run", runId)
			.query((rs, n) -> new Inserted(rs.getString(1), rs.getString(2)))
			.list();
	}

	/**
	 * The keys among the rows' that the store holds, read by the rows' range of event times ({@link TimeRange}):
	 * a key is a hash of its row, event time included, so a stored row with the key lies in that range.
	 */
	private Set<String> stored(String source, List<Keyed> rows) {
		TimeRange range = TimeRange.of(rows, row -> row.row().eventTime());
		Set<String> keys = new HashSet<>();
		rows.forEach(row -> keys.add(row.key()));
		List<String> inRange = jdbc.sql("""
				SELECT lineage_key FROM engine_lineage WHERE source = :source AND event_time >= :first AND event_time <= :last
				ORDER BY source, event_time LIMIT :limit""")
			.param("source", source)
			.param("first", range.first())
			.param("last", range.last())
			.param("limit", range.limit() + 1)
			.query(String.class)
			.list();
		if (range.whole(inRange.size())) {
			Set<String> stored = new HashSet<>(inRange);
			stored.retainAll(keys);
			return stored;
		}
		return new HashSet<>(jdbc
			.sql("SELECT lineage_key FROM engine_lineage WHERE source = :source AND lineage_key = ANY(:keys)")
			.param("source", source)
			.param("keys", new SqlArrayValue("text", keys.toArray()))
			.query(String.class)
			.list());
	}

	/**
	 * Up to {@code limit} of the source's rows awaiting their history (stored before the run read its window),
	 * in key order.
	 */
	public List<Awaiting> awaitingHistory(String source, int limit) {
		return jdbc.sql("""
				SELECT a.lineage_key, l.statement_id, l.event_time
				FROM lineage_awaiting_history a
				LEFT JOIN engine_lineage l ON l.source = a.source AND l.lineage_key = a.lineage_key
				WHERE a.source = :source ORDER BY a.lineage_key LIMIT :limit""")
			.param("source", source)
			.param("limit", limit)
			.query((rs, n) -> {
				java.sql.Timestamp eventTime = rs.getTimestamp(3);
				return new Awaiting(rs.getString(1), rs.getString(2), eventTime == null ? null : eventTime.toInstant());
			})
			.list();
	}

	/**
	 * Settles, in one statement, the source's rows awaiting their history whose statement the history holds
	 * (they were derived with it); returns how many.
	 */
	public int settleInHistory(String source) {
		return jdbc.sql("""
				DELETE FROM lineage_awaiting_history a USING engine_lineage l
				WHERE a.source = :source AND l.source = a.source AND l.lineage_key = a.lineage_key
				  AND EXISTS (SELECT 1 FROM query_history q WHERE q.source = l.source AND q.statement_id = l.statement_id)""")
			.param("source", source)
			.update();
	}

	/** The rows no longer await their history: the run has derived what they stand for. */
	public void settled(String source, Collection<String> keys) {
		jdbc.sql("DELETE FROM lineage_awaiting_history WHERE source = :source AND lineage_key = ANY(:keys)")
			.param("source", source)
			.param("keys", new SqlArrayValue("text", keys.toArray()))
			.update();
	}

	private String extras(LineageRow row) {
		Map<String, Object> document = new LinkedHashMap<>();
		row.extras().forEach((name, value) -> document.put(name, json.readTree(value.json())));
		return json.writeValueAsString(document);
	}

	/** The accesses the source's lineage records for the given statement ids, by statement id. */
	public Map<String, List<LineageAccess>> byStatement(String source, Collection<String> statementIds) {
		if (statementIds.isEmpty()) {
			return Map.of();
		}
		Map<String, List<LineageAccess>> accesses = new LinkedHashMap<>();
		jdbc.sql(ACCESSES + " AND statement_id = ANY(:ids) ORDER BY statement_id, event_time, lineage_key")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.query((rs, n) -> {
				addAccesses(rs, accesses, rs.getString(1));
				return null;
			})
			.list();
		return accesses;
	}

	/** The accesses of rows without a statement id, by the row's key (each is a statement of its own). */
	Map<String, List<LineageAccess>> byKey(String source, Collection<String> keys) {
		if (keys.isEmpty()) {
			return Map.of();
		}
		Map<String, List<LineageAccess>> accesses = new LinkedHashMap<>();
		jdbc.sql(ACCESSES + " AND lineage_key = ANY(:keys) AND statement_id IS NULL ORDER BY lineage_key")
			.param("source", source)
			.param("keys", new SqlArrayValue("text", keys.toArray()))
			.query((rs, n) -> {
				addAccesses(rs, accesses, rs.getString(2));
				return null;
			})
			.list();
		return accesses;
	}

	private static void addAccesses(java.sql.ResultSet rs, Map<String, List<LineageAccess>> accesses, String group)
			throws java.sql.SQLException {
		List<LineageAccess> list = accesses.computeIfAbsent(group, id -> new ArrayList<>());
		String source = LineageAccess.name(rs.getString(3), rs.getString(4));
		String target = LineageAccess.name(rs.getString(5), rs.getString(6));
		for (String[] side : new String[][] { { source, "READ" }, { target, "WRITE" } }) {
			if (side[0] != null) {
				list.add(new LineageAccess(rs.getString(1), rs.getString(2), side[0], side[1],
						rs.getTimestamp(7).toInstant(), rs.getString(8), rs.getString(9), rs.getString(10)));
			}
		}
	}

	/** Of the given statement ids, those the source's query history holds. */
	public List<String> inHistory(String source, Collection<String> statementIds) {
		return jdbc.sql("SELECT statement_id FROM query_history WHERE source = :source AND statement_id = ANY(:ids)")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.query(String.class)
			.list();
	}

	/** The source's stored statements answered from the result cache that the given statements filled. */
	public List<String> cacheHitsOf(String source, Collection<String> statementIds) {
		return jdbc.sql("""
				SELECT statement_id FROM query_history WHERE source = :source AND cache_origin_statement_id = ANY(:ids)""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.query(String.class)
			.list();
	}

}
