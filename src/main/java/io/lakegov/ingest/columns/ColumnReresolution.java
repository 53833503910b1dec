package io.lakegov.ingest.columns;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import io.lakegov.catalog.ColumnInventorySynced;
import io.lakegov.ingest.batch.AnalysisStore;
import io.lakegov.ingest.batch.FactRefresher;
import io.lakegov.usage.QuerySource;
import io.lakegov.ingest.batch.SessionEvents;
import io.lakegov.ingest.batch.StatementContext;
import io.lakegov.ingest.batch.StoredAnalysis;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.usage.ColumnFactRepository;
import io.lakegov.usage.DetailReplaced;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Resolves the column facts of queued statements again (see {@code column_resolution_queue}), after a
 * column sync: from their stored analyses and the defaults and session state their facts were derived
 * with, against the inventory as it is now; nothing is parsed again and no other fact changes. Each
 * statement is one of a source's, as everything keyed by statement id. One
 * transaction per batch, each taking its statements off the queue, locking their history rows (so an
 * ingestion batch deriving one of them waits, or is waited for) and replacing their column facts and the
 * rollup rows they touch, and bumping the store generation (the column answers are reused per
 * generation). Statements whose facts come from an older analyser version are left to the re-analysis,
 * which derives all their facts anew.
 */
@Component
class ColumnReresolution {

	static final int BATCH = 500;

	private static final Logger log = LoggerFactory.getLogger(ColumnReresolution.class);

	private final JdbcClient jdbc;

	private final TransactionTemplate tx;

	private final AnalysisStore analyses;

	private final SessionEvents sessions;

	private final ColumnFactDeriver deriver;

	private final ColumnFactRepository facts;

	private final ApplicationEventPublisher events;

	ColumnReresolution(JdbcClient jdbc, TransactionTemplate tx, AnalysisStore analyses,
			SessionEvents sessions, ColumnFactDeriver deriver, ColumnFactRepository facts,
			ApplicationEventPublisher events) {
		this.events = events;
		this.jdbc = jdbc;
		this.tx = tx;
		this.analyses = analyses;
		this.sessions = sessions;
		this.deriver = deriver;
		this.facts = facts;
	}

	@EventListener
	void synced(ColumnInventorySynced event) {
		try {
			long resolved = drain();
			if (resolved > 0) {
				log.info("Column facts of {} statements resolved again after the column sync", resolved);
			}
		}
		catch (RuntimeException ex) {
			log.warn("Resolving column facts again stopped, the rest stays queued: {}", Secrets.mask(ex.getMessage()));
		}
	}

	/** Drains the queue batch by batch; returns how many statements had their column facts derived again. */
	long drain() {
		long total = 0;
		while (true) {
			Integer taken = tx.execute(status -> batch());
			if (taken == null || taken == 0) {
				return total;
			}
			total += taken;
		}
	}

	private int batch() {
		Map<String, List<String>> bySource = new TreeMap<>();
		jdbc.sql("""
				DELETE FROM column_resolution_queue WHERE (source, statement_id) IN (
				    SELECT source, statement_id FROM column_resolution_queue ORDER BY source, statement_id LIMIT :limit
				    FOR UPDATE SKIP LOCKED)
				RETURNING source, statement_id""")
			.param("limit", BATCH)
			.query(rs -> {
				bySource.computeIfAbsent(rs.getString(1), source -> new ArrayList<>()).add(rs.getString(2));
			});
		bySource.forEach(this::resolve);
		if (!bySource.isEmpty()) {
			// the reused column answers were computed from the facts replaced here
			jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
		}
		return bySource.values().stream().mapToInt(List::size).sum();
	}

	private void resolve(String source, List<String> ids) {
		List<Row> rows = rows(source, ids);
		Map<String, String> texts = new HashMap<>();
		Set<String> sessionIds = new HashSet<>();
		for (Row row : rows) {
			texts.put(hash(row.context()), null);
			if (row.context().sessionId() != null) {
				sessionIds.add(row.context().sessionId());
			}
		}
		Map<String, StoredAnalysis> byHash = analyses.analyses(texts).byHash();
		Map<String, List<SessionEvents.Event>> events = sessions.load(source, sessionIds);
		List<String> derived = new ArrayList<>();
		List<ColumnFactDeriver.Input> inputs = new ArrayList<>();
		for (Row row : rows) {
			StatementContext context = row.context();
			StoredAnalysis analysis = byHash.get(hash(context));
			if (analysis == null || context.own()) {
				continue;
			}
			var state = context.sessionId() == null ? SessionEvents.State.NONE
					: SessionEvents.stateAt(events.get(context.sessionId()), context.eventTime());
			inputs.add(new ColumnFactDeriver.Input(context, analysis, row.catalog(), row.schema(),
					state.temporaryViews()));
			derived.add(context.statementId());
		}
		Map<String, String> before = signatures(source, derived);
		facts.replace(source, derived, deriver.derive(inputs));
		Map<String, String> after = signatures(source, derived);
		Set<String> changed = new HashSet<>();
		for (String id : derived) {
			if (!Objects.equals(before.get(id), after.get(id))) {
				changed.add(id);
			}
		}
		if (!changed.isEmpty()) {
			this.events.publishEvent(new DetailReplaced(source, changed));
		}
	}

	/**
	 * What each statement's column facts say, as one digest per statement that has any: compared before and
	 * after they are resolved again, it tells the statements whose detail changed from those resolved to the
	 * same facts.
	 */
	private Map<String, String> signatures(String source, List<String> ids) {
		Map<String, String> signatures = new HashMap<>();
		if (ids.isEmpty()) {
			return signatures;
		}
		jdbc.sql("""
				SELECT statement_id,
				       md5(string_agg(concat_ws('|', table_name, column_name, role, resolution, array_to_string(candidates, ',')),
				                      E'\\n' ORDER BY table_name COLLATE "C", column_name COLLATE "C", role, resolution,
				                      array_to_string(candidates, ',') COLLATE "C"))
				FROM column_access WHERE source = :source AND statement_id = ANY(:ids)
				GROUP BY statement_id""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids.toArray()))
			.query(rs -> {
				signatures.put(rs.getString(1), rs.getString(2));
			});
		return signatures;
	}

	private static String hash(StatementContext context) {
		return context.textHash() == null ? AnalysisStore.NO_TEXT : context.textHash();
	}

	/**
	 * The queued statements' history rows, locked, of those derived by this analyser version; lakegov's own
	 * statements are told by the status their derivation recorded.
	 */
	private List<Row> rows(String source, List<String> ids) {
		return jdbc.sql("""
				SELECT statement_id, session_id, coalesce(start_time, update_time), executed_by, source_kind, source_id,
				       execution_status, text_hash, analysis_status, cache_origin_statement_id, default_catalog,
				       default_schema
				FROM query_history WHERE source = :source AND statement_id = ANY(:ids) AND analyzer_version = :version
				ORDER BY statement_id
				FOR UPDATE""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids.toArray()))
			.param("version", StatementAnalyzer.VERSION)
			.query((rs, n) -> new Row(new StatementContext(rs.getString(1), rs.getString(2),
					rs.getTimestamp(3).toInstant(), rs.getString(4), new QuerySource(rs.getString(5), rs.getString(6)),
					rs.getString(7), rs.getString(8), FactRefresher.OWN_STATEMENT.equals(rs.getString(9)),
					rs.getString(10)), rs.getString(11), rs.getString(12)))
			.list();
	}

	private record Row(StatementContext context, String catalog, String schema) {
	}

}
