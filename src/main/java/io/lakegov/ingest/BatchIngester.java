package io.lakegov.ingest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakegov.history.HistoryColumn;
import io.lakegov.history.HistoryRow;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;

/**
 * One batch of source rows, in the caller's transaction: store the rows that are new or newer, then
 * derive their usage facts (and those of statements whose session context they changed).
 */
@Component
class BatchIngester {

	private final HistoryStore history;

	private final FactRefresher refresher;

	private final JsonMapper json;

	private final Timer upsertTime;

	private final Timer deriveTime;

	BatchIngester(HistoryStore history, FactRefresher refresher, JsonMapper json, MeterRegistry registry) {
		this.history = history;
		this.refresher = refresher;
		this.json = json;
		this.upsertTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "upsert").register(registry);
		this.deriveTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "derive").register(registry);
	}

	/** What a batch did. */
	record Outcome(int rowsRead, int rowsChanged, int analysed, int unanalysable, Instant newestUpdate) {
	}

	/** Must run inside the batch's transaction (the caller opens it, so that run progress commits with it). */
	Outcome ingest(List<HistoryRow> rows, long runId) {
		Map<String, HistoryRow> newest = new LinkedHashMap<>();
		Instant newestUpdate = null;
		for (HistoryRow row : rows) {
			newest.merge(row.statementId(), row, (a, b) -> a.updateTime().isAfter(b.updateTime()) ? a : b);
			if (newestUpdate == null || row.updateTime().isAfter(newestUpdate)) {
				newestUpdate = row.updateTime();
			}
		}
		List<HistoryStore.Incoming> incoming = new ArrayList<>(newest.size());
		for (HistoryRow row : newest.values()) {
			String text = row.statementText();
			String source = row.json(HistoryColumn.QUERY_SOURCE) == null ? null
					: row.json(HistoryColumn.QUERY_SOURCE).json();
			incoming.add(new HistoryStore.Incoming(row, AnalysisStore.hash(text), QuerySource.of(source, json)));
		}
		List<HistoryStore.Incoming> newer = history.newerThanStored(incoming);
		List<FactRefresher.Pending> pending = new ArrayList<>(newer.size());
		for (HistoryStore.Incoming row : newer) {
			pending.add(new FactRefresher.Pending(context(row), row.row().statementText()));
		}
		// derive first, so that each history row is written once, with how its facts were derived
		FactRefresher.Derived derived = deriveTime.record(() -> refresher.derive(pending));
		Set<String> changed = upsertTime.record(() -> history.upsert(newer, derived.derivations(), runId));
		refresher.write(derived, changed);
		return new Outcome(rows.size(), changed.size(), derived.analysed(), derived.unanalysable(), newestUpdate);
	}

	private static StatementContext context(HistoryStore.Incoming incoming) {
		HistoryRow row = incoming.row();
		return new StatementContext(row.statementId(), row.text(HistoryColumn.SESSION_ID), row.eventTime(),
				row.text(HistoryColumn.EXECUTED_BY), incoming.source(), row.text(HistoryColumn.EXECUTION_STATUS),
				incoming.textHash());
	}

}
