package io.lakegov.ingest.batch;

import java.io.StringWriter;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lakegov.history.HistoryColumn;
import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistoryRow;
import io.lakegov.ingest.RawTextProperties;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.store.CopyRows;
import io.lakegov.store.TimeRange;
import io.lakegov.usage.QuerySource;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.core.JsonGenerator;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The long-term query history: one row per statement of a source, rewritten only by a newer version of it.
 * Every method works on the statements of one source.
 */
@Repository
class HistoryStore {

	private static final List<HistoryColumn> COLUMNS = HistoryColumn.all();

	private static final String DERIVED_COLUMNS = "extra_columns, text_hash, source_kind, source_id, analysis_status, "
			+ "default_catalog, default_schema";

	private static final String STAGE = """
			CREATE TEMP TABLE IF NOT EXISTS history_batch (%s, extra_columns jsonb, text_hash text, source_kind text,
			    source_id text, analysis_status text, default_catalog text, default_schema text) ON COMMIT DROP;
			TRUNCATE history_batch"""
		.formatted(COLUMNS.stream()
			.map(column -> column.columnName() + " " + column.type().sqlType())
			.collect(Collectors.joining(", ")));

	private static final String COPY = "COPY history_batch (%s, %s) FROM STDIN"
		.formatted(COLUMNS.stream().map(HistoryColumn::columnName).collect(Collectors.joining(", ")), DERIVED_COLUMNS);

	private static final String COPY_NEW = "COPY query_history (%s, %s, analyzer_version, ingestion_run_id, source) FROM STDIN"
		.formatted(COLUMNS.stream().map(HistoryColumn::columnName).collect(Collectors.joining(", ")), DERIVED_COLUMNS);

	private static final String UPSERT = upsertSql();

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final JsonMapper json;

	private final boolean keepRawText;

	HistoryStore(JdbcClient jdbc, CopyRows copy, JsonMapper json, RawTextProperties rawText) {
		this.jdbc = jdbc;
		this.copy = copy;
		this.json = json;
		this.keepRawText = rawText.keepRawText();
	}

	/**
	 * A row ready for the store, with what lakegov derives from it up front, and, once encoded, its COPY
	 * values so far (all but how its facts were derived, which only the batch's transaction knows).
	 */
	record Incoming(HistoryRow row, String textHash, QuerySource source, @Nullable String encoded) {

		Incoming(HistoryRow row, String textHash, QuerySource source) {
			this(row, textHash, source, null);
		}

	}

	/**
	 * Encodes the row ahead of its batch's transaction: most of the COPY work, done outside it. The encoded row
	 * keeps only the columns its batch still reads ({@code kept}): the text and the rest live on in the encoding
	 * alone, so a batch waiting for its transaction holds each row about once.
	 */
	Incoming encode(Incoming incoming, Set<HistoryColumn> kept) {
		return new Incoming(incoming.row().only(kept), incoming.textHash(), incoming.source(), values(incoming));
	}

	private String values(Incoming incoming) {
		HistoryRow row = incoming.row();
		CopyRows.Text text = new CopyRows.Text(1);
		for (HistoryColumn column : COLUMNS) {
			Object value = row.values().get(column);
			if (column == HistoryColumn.STATEMENT_TEXT && !keepRawText
					&& !(value instanceof String raw && MaskedTexts.isRedacted(raw))) {
				value = null;
			}
			text.value(value instanceof HistoryRow.JsonText document ? document.json() : value);
		}
		text.value(row.extras().isEmpty() ? null : extras(row));
		text.value(incoming.textHash());
		text.value(incoming.source().kind());
		text.value(incoming.source().id());
		return text.toString();
	}

	/**
	 * Inserts new statements and replaces stored ones whose {@code update_time} is older; an older or equal
	 * version never overwrites. Returns the ids of the statements that were inserted or replaced.
	 * <p>
	 * Statements named in {@code unseen} are known to be absent from the store (only one run writes, and
	 * the caller checked, allowing for the batch before this one): they are copied straight in, which
	 * spares PostgreSQL the staging table and the conflict check of every row. Should one be there after
	 * all, its primary key fails the batch, which rolls back and is retried like any failed batch.
	 */
	Set<String> upsert(String source, List<Incoming> newer, Map<String, PendingStatements.Derivation> derivations,
			long runId, Set<String> unseen) {
		List<Incoming> fresh = new ArrayList<>(newer.size());
		List<Incoming> replacing = new ArrayList<>();
		for (Incoming incoming : newer) {
			(unseen.contains(incoming.row().statementId()) ? fresh : replacing).add(incoming);
		}
		Set<String> changed = new HashSet<>();
		if (!fresh.isEmpty()) {
			copy.copy(COPY_NEW, rows(fresh, derivations, runId, source));
			fresh.forEach(incoming -> changed.add(incoming.row().statementId()));
		}
		if (!replacing.isEmpty()) {
			// into a transaction-local staging table with COPY, then into the store in one statement
			jdbc.sql(STAGE).update();
			copy.copy(COPY, rows(replacing, derivations, null, source));
			changed.addAll(jdbc.sql(UPSERT)
				.param("source", source)
				.param("run", runId)
				.param("version", StatementAnalyzer.VERSION)
				.query(String.class)
				.list());
		}
		return changed;
	}

	/**
	 * The encoded rows with how their facts were derived, and, when {@code runId} is given, the analyser
	 * version, run and source that the store records with a new row.
	 */
	private CopyRows.Text rows(List<Incoming> rows, Map<String, PendingStatements.Derivation> derivations,
			@Nullable Long runId, String source) {
		CopyRows.Text text = new CopyRows.Text(rows.size());
		for (Incoming incoming : rows) {
			text.encoded(Objects.requireNonNull(incoming.encoded(), "rows are encoded before their transaction"));
			PendingStatements.Derivation derivation = derivations.get(incoming.row().statementId());
			String status = derivation == null ? null : derivation.status();
			text.value(status);
			text.value(derivation == null ? null : derivation.catalog());
			text.value(derivation == null ? null : derivation.schema());
			if (runId != null) {
				text.value(status == null ? null : StatementAnalyzer.VERSION);
				text.value(runId);
				text.value(source);
			}
			text.endRow();
		}
		return text;
	}

	/** Columns the store does not know, as one JSON object; their values are already JSON. */
	private String extras(HistoryRow row) {
		StringWriter out = new StringWriter();
		try (JsonGenerator generator = json.createGenerator(out)) {
			generator.writeStartObject();
			row.extras().forEach((name, value) -> {
				generator.writeName(name);
				generator.writeRawValue(value.json());
			});
			generator.writeEndObject();
		}
		return out.toString();
	}

	/**
	 * The rows that are new or newer than the stored version. Re-read windows (the overlap, backfills)
	 * mostly hold rows already stored; only their ids and update times travel to find that out.
	 */
	Newer newerThanStored(String source, Collection<HistoryRow> rows) {
		if (rows.isEmpty()) {
			return new Newer(List.of(), Set.of());
		}
		Map<String, Instant> stored = updateTimes(source, rows, HistoryRow::statementId, HistoryRow::updateTime);
		List<HistoryRow> newer = new ArrayList<>(rows.size());
		Set<String> unseen = new HashSet<>();
		for (HistoryRow row : rows) {
			Instant known = stored.get(row.statementId());
			if (known == null) {
				unseen.add(row.statementId());
			}
			if (known == null || known.isBefore(row.updateTime())) {
				newer.add(row);
			}
		}
		return new Newer(newer, unseen);
	}

	/** The statements among {@code keys} whose stored row is at least as new as the key. */
	Set<String> current(String source, List<HistoryReader.RowKey> keys) {
		if (keys.isEmpty()) {
			return Set.of();
		}
		Map<String, Instant> stored = updateTimes(source, keys, HistoryReader.RowKey::statementId,
				HistoryReader.RowKey::updateTime);
		Set<String> current = new HashSet<>();
		for (HistoryReader.RowKey key : keys) {
			Instant known = stored.get(key.statementId());
			if (known != null && !known.isBefore(key.updateTime().truncatedTo(ChronoUnit.MICROS))) {
				current.add(key.statementId());
			}
		}
		return current;
	}

	/**
	 * The stored update times of the statements of these rows (there must be rows), read by the rows' range
	 * of update times ({@link TimeRange}); the statements the range does not answer (new ones, or stored with
	 * another update time) are then looked up by primary key. Ordered as its index and limited, the range is
	 * read through that index however stale the planner's statistics.
	 */
	private <T> Map<String, Instant> updateTimes(String source, Collection<T> rows, Function<T, String> statementId,
			Function<T, Instant> updateTime) {
		TimeRange range = TimeRange.of(rows, updateTime);
		Map<String, Instant> inRange = new HashMap<>();
		jdbc.sql("""
				SELECT statement_id, update_time FROM query_history
				WHERE source = :source AND update_time >= :first AND update_time <= :last
				ORDER BY source, update_time LIMIT :limit""")
			.param("source", source)
			.param("first", range.first())
			.param("last", range.last())
			.param("limit", range.limit() + 1)
			.query((ResultSet rs) -> {
				inRange.put(rs.getString(1), rs.getTimestamp(2).toInstant());
			});
		boolean answered = range.whole(inRange.size());
		Map<String, Instant> stored = new HashMap<>();
		List<String> unanswered = new ArrayList<>();
		for (T row : rows) {
			String id = statementId.apply(row);
			Instant known = answered ? inRange.get(id) : null;
			if (known != null) {
				stored.put(id, known);
			}
			else {
				unanswered.add(id);
			}
		}
		if (!unanswered.isEmpty()) {
			jdbc.sql("SELECT statement_id, update_time FROM query_history WHERE source = :source AND statement_id = ANY(:ids)")
				.param("source", source)
				.param("ids", new SqlArrayValue("text", unanswered.toArray()))
				.query((ResultSet rs) -> {
					stored.put(rs.getString(1), rs.getTimestamp(2).toInstant());
				});
		}
		return stored;
	}

	/**
	 * The rows newer than the store's, and the ids of those the store has never seen: a statement without
	 * a stored row has no facts or session events to replace yet.
	 */
	record Newer(List<HistoryRow> rows, Set<String> unseen) {
	}

	/** Statements of the given sessions that started after the given time, for re-resolution of names. */
	List<String> statementsInSessionsAfter(String source, Map<String, Instant> sessionsFrom) {
		if (sessionsFrom.isEmpty()) {
			return new ArrayList<>();
		}
		List<String> sessions = new ArrayList<>(sessionsFrom.keySet());
		return new ArrayList<>(jdbc.sql("""
				SELECT h.statement_id
				FROM unnest(:sessions::text[], :froms::timestamptz[]) AS s(session_id, from_time)
				JOIN query_history h ON h.source = :source AND h.session_id = s.session_id
				    AND coalesce(h.start_time, h.update_time) > s.from_time""")
			.param("source", source)
			.param("sessions", new SqlArrayValue("text", sessions.toArray()))
			.param("froms", new SqlArrayValue("timestamptz",
					sessions.stream().map(session -> Timestamp.from(sessionsFrom.get(session))).toArray()))
			.query(String.class)
			.list());
	}

	private static String upsertSql() {
		String columns = COLUMNS.stream().map(HistoryColumn::columnName).collect(Collectors.joining(", "));
		Map<String, String> updates = new LinkedHashMap<>();
		COLUMNS.stream()
			.filter(column -> column != HistoryColumn.STATEMENT_ID)
			.forEach(column -> updates.put(column.columnName(), "EXCLUDED." + column.columnName()));
		updates.put("extra_columns", "EXCLUDED.extra_columns");
		updates.put("text_hash", "EXCLUDED.text_hash");
		updates.put("source_kind", "EXCLUDED.source_kind");
		updates.put("source_id", "EXCLUDED.source_id");
		updates.put("analyzer_version", "EXCLUDED.analyzer_version");
		updates.put("analysis_status", "EXCLUDED.analysis_status");
		updates.put("default_catalog", "EXCLUDED.default_catalog");
		updates.put("default_schema", "EXCLUDED.default_schema");
		updates.put("last_changed_at", "now()");
		updates.put("ingestion_run_id", "EXCLUDED.ingestion_run_id");
		String set = updates.entrySet()
			.stream()
			.map(entry -> entry.getKey() + " = " + entry.getValue())
			.collect(Collectors.joining(",\n    "));
		// a newer update_time wins, an older one never overwrites
		return """
				INSERT INTO query_history (source, %s, extra_columns, text_hash, source_kind, source_id, analyzer_version,
				    analysis_status, default_catalog, default_schema, first_seen_at, last_changed_at, ingestion_run_id)
				SELECT :source, %s, extra_columns, text_hash, source_kind, source_id,
				    CASE WHEN analysis_status IS NULL THEN NULL ELSE :version END, analysis_status, default_catalog,
				    default_schema, now(), now(), :run
				FROM history_batch
				ON CONFLICT (source, statement_id) DO UPDATE SET
				    %s
				WHERE query_history.update_time < EXCLUDED.update_time
				RETURNING statement_id"""
			.formatted(columns, columns, set);
	}

}
