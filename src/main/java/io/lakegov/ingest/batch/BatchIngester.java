package io.lakegov.ingest.batch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.HistoryColumn;
import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistoryRow;
import io.lakegov.history.HistorySource;
import io.lakegov.history.OwnStatements;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.QuerySource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;

/**
 * One batch of rows of one source: prepared outside any transaction (hashes, query sources, analyses of new
 * texts), then, in the caller's transaction, the rows that are new or newer are stored and their usage
 * facts derived (with those of statements whose session context they changed).
 */
@Component
public class BatchIngester {

	/** The columns a batch reads of a row after encoding it: those of its statement's context. */
	private static final Set<HistoryColumn> CONTEXT = EnumSet.of(HistoryColumn.SESSION_ID, HistoryColumn.START_TIME,
			HistoryColumn.EXECUTED_BY, HistoryColumn.EXECUTION_STATUS, HistoryColumn.QUERY_TAGS,
			HistoryColumn.CACHE_ORIGIN_STATEMENT_ID);

	private final HistoryStore history;

	private final FactRefresher refresher;

	private final AnalysisStore analyses;

	private final JsonMapper json;

	private final Timer analysisTime;

	private final Timer upsertTime;

	private final Timer deriveTime;

	private final DetailHorizon horizon;

	BatchIngester(HistoryStore history, FactRefresher refresher, AnalysisStore analyses, JsonMapper json,
			MeterRegistry registry, DetailHorizon horizon) {
		this.history = history;
		this.horizon = horizon;
		this.refresher = refresher;
		this.analyses = analyses;
		this.json = json;
		this.analysisTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "analysis-ahead").register(registry);
		this.upsertTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "upsert").register(registry);
		this.deriveTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "derive").register(registry);
	}

	/**
	 * What a batch did; {@code rowsClosed} rows were new or newer but of a closed business day (detail
	 * retention), so they were counted and not stored.
	 */
	public record Outcome(int rowsRead, int rowsChanged, int analysed, int unanalysable, int rowsClosed,
			Instant newestUpdate) {
	}

	/**
	 * A batch made ready outside any transaction: the rows newer than the store's, encoded and with what
	 * lakegov derives from the row alone, the ids of those the store has never seen, how many texts were
	 * analysed (and stored) on the way with the analyses of all their texts, and the ids of all its
	 * statements.
	 */
	public record Prepared(HistorySource source, List<HistoryStore.Incoming> newer, Set<String> unseen, int rowsRead,
			Instant newestUpdate, AnalysisStore.Lookup analyses, Set<String> statementIds) {
	}

	/**
	 * The work of a batch that needs no transaction, so it can run while the previous batch is being
	 * written: decoding, hashing, and for the rows newer than the store's (most rows of a first load, few
	 * of a re-read window) encoding them and analysing the texts the store does not know yet.
	 * <p>
	 * Which rows are newer is decided here, before the previous batch has committed, and the transaction
	 * relies on it: only one run writes at a time, and one read holds each statement once (the source's
	 * rows are per statement). A source that repeats a statement in the next batch is still handled: the
	 * statements of the batch in flight ({@code inFlight}) are never taken for unseen, and the upsert
	 * never lets an older row overwrite a newer one.
	 */
	public Prepared prepare(HistorySource from, HistoryReader.Batch batch, Set<String> inFlight) {
		Map<String, HistoryRow> newest = new LinkedHashMap<>();
		Instant newestUpdate = batch.newestUpdate();
		for (HistoryRow row : batch.rows()) {
			newest.merge(row.statementId(), row, (a, b) -> a.updateTime().isAfter(b.updateTime()) ? a : b);
			if (newestUpdate == null || row.updateTime().isAfter(newestUpdate)) {
				newestUpdate = row.updateTime();
			}
		}
		// most rows of a re-read window are stored already: only the newer ones are hashed, parsed and encoded
		HistoryStore.Newer found = history.newerThanStored(from.name(), newest.values());
		List<HistoryStore.Incoming> newer = new ArrayList<>(found.rows().size());
		Map<String, String> texts = new HashMap<>();
		for (HistoryRow row : found.rows()) {
			String source = row.json(HistoryColumn.QUERY_SOURCE) == null ? null
					: row.json(HistoryColumn.QUERY_SOURCE).json();
			HistoryStore.Incoming incoming = new HistoryStore.Incoming(row, AnalysisStore.hash(row.statementText()),
					QuerySource.of(source, json));
			newer.add(history.encode(incoming, CONTEXT));
			texts.put(incoming.textHash() == null ? AnalysisStore.NO_TEXT : incoming.textHash(), row.statementText());
		}
		AnalysisStore.Lookup analysed = analysisTime.record(() -> analyses.analyseAhead(texts));
		Set<String> unseen = new HashSet<>(found.unseen());
		unseen.removeAll(inFlight);
		return new Prepared(from, newer, unseen, batch.rows().size() + batch.unchanged(), newestUpdate, analysed,
				newest.keySet());
	}

	/**
	 * The statements among {@code keys} whose stored row is at least as new, which a re-read of the window
	 * need not read whole.
	 */
	public Set<String> current(HistorySource from, List<HistoryReader.RowKey> keys) {
		return history.current(from.name(), keys);
	}

	/** Must run inside the batch's transaction (the caller opens it, so that run progress commits with it). */
	public Outcome ingest(Prepared batch, long runId) {
		List<HistoryStore.Incoming> newer = open(batch.newer());
		int closed = batch.newer().size() - newer.size();
		List<FactRefresher.Pending> pending = new ArrayList<>(newer.size());
		for (HistoryStore.Incoming row : newer) {
			// the analyses of the batch's texts are known (analysed ahead), so derivation needs no text
			pending.add(new FactRefresher.Pending(context(row, batch.source().own()), null));
		}
		// derive first, so that each history row is written once, with how its facts were derived
		String source = batch.source().name();
		FactRefresher.Derived derived = deriveTime.record(() -> refresher.derive(batch.source(), pending, batch.unseen(),
				batch.analyses().byHash()));
		Set<String> changed = upsertTime.record(() -> history.upsert(source, newer, derived.derivations(), runId,
				batch.unseen()));
		refresher.write(source, derived, changed);
		return new Outcome(batch.rowsRead(), changed.size(), batch.analyses().analysed() + derived.analysed(),
				derived.unanalysable(), closed, batch.newestUpdate());
	}

	/** The rows of business days that are not closed, with the horizon held until the batch commits. */
	private List<HistoryStore.Incoming> open(List<HistoryStore.Incoming> rows) {
		return horizon.openTimes(rows, row -> row.row().eventTime());
	}

	private static StatementContext context(HistoryStore.Incoming incoming, OwnStatements own) {
		HistoryRow row = incoming.row();
		HistoryRow.JsonText tags = row.json(HistoryColumn.QUERY_TAGS);
		String executedBy = row.text(HistoryColumn.EXECUTED_BY);
		return new StatementContext(row.statementId(), row.text(HistoryColumn.SESSION_ID), row.eventTime(), executedBy,
				incoming.source(), row.text(HistoryColumn.EXECUTION_STATUS), incoming.textHash(),
				own.isOwn(executedBy, tags == null ? null : tags.json()), row.text(HistoryColumn.CACHE_ORIGIN_STATEMENT_ID));
	}

}
