package io.lakegov.ingest;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.lakegov.history.HistorySource;
import io.lakegov.history.LineageReader;
import io.lakegov.ingest.batch.BatchPipeline;
import io.lakegov.ingest.batch.FactRefresher;
import io.lakegov.ingest.batch.PendingStatements;
import io.lakegov.ingest.lineage.EngineLineageStore;
import io.lakegov.ingest.lineage.LineageOnlyStatements;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.RollupUpkeep;
import io.lakegov.web.Secrets;
import io.lakegov.web.FailureText;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The lineage part of a run, in two steps around its history window. Before it, the engine's table lineage
 * is streamed from its own watermark (less its overlap) on {@code event_time}, and per batch, in one
 * transaction, the rows the store does not have are stored, awaiting their history, the facts of the stored
 * statements they are about (and of result-cache hits of those) are derived again, and the lineage
 * watermark moves: the statements of the window that follows find their lineage stored and have their facts
 * derived once, with both witnesses. Two batches are in flight: while one is written on the lineage writer
 * thread, the run's thread reads and keys the next. After the window ({@link #settle}), the rows whose statement the
 * history still does not hold become lineage-only statements, and no row awaits its history any more.
 * A crash loses nothing (the watermark moves with the batch, and rows that await their history are
 * settled by the next run), a re-read window changes nothing (rows already stored are skipped), and a
 * source without a readable lineage table still ingests its history: the run records the lineage as
 * UNAVAILABLE.
 */
@Component
class LineageIngestion implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(LineageIngestion.class);

	private final LineageReader reader;

	private final EngineLineageStore store;

	private final LineageOnlyStatements lineageOnly;

	private final PendingStatements pending;

	private final FactRefresher refresher;

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final TransactionTemplate tx;

	private final IngestProperties properties;

	private final Clock clock;

	private final RollupUpkeep rollups;

	private final DetailHorizon horizon;

	private final Timer batchTime;

	/** Writes the lineage batches of the current run while its reading thread reads and keys the next one. */
	private final ExecutorService writer = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-lineage-writer");
		thread.setDaemon(true);
		return thread;
	});

	private final Timer settleTime;

	LineageIngestion(LineageReader reader, EngineLineageStore store, LineageOnlyStatements lineageOnly,
			PendingStatements pending, FactRefresher refresher, IngestionRunRepository runs, WatermarkRepository watermark,
			TransactionTemplate tx, IngestProperties properties, Clock clock, RollupUpkeep rollups,
			DetailHorizon horizon, MeterRegistry registry) {
		this.horizon = horizon;
		this.batchTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "lineage").register(registry);
		this.settleTime = Timer.builder("lakegov.ingest.batch.phase").tag("phase", "lineage-settle").register(registry);
		this.rollups = rollups;
		this.reader = reader;
		this.store = store;
		this.lineageOnly = lineageOnly;
		this.pending = pending;
		this.refresher = refresher;
		this.runs = runs;
		this.watermark = watermark;
		this.tx = tx;
		this.properties = properties;
		this.clock = clock;
	}

	/**
	 * Reads the lineage up to {@code to}: from its watermark less the overlap, or for a backfill the given
	 * window (leaving the watermark alone). Never throws for the source's sake: what went wrong is recorded
	 * on the run.
	 */
	void ingest(HistorySource source, IngestionRun run, Instant backfillFrom, Instant to) {
		Optional<String> unavailable = reader.unavailable(source);
		if (unavailable.isPresent()) {
			log.info("Ingestion run {}: no engine lineage ({}); facts rest on the parsed texts alone", run.id(),
					unavailable.get());
			runs.lineageFinished(run.id(), "UNAVAILABLE", unavailable.get());
			return;
		}
		boolean backfill = backfillFrom != null;
		Instant from = backfill ? backfillFrom
				: watermark.current(source.name(), WatermarkRepository.LINEAGE)
					.map(mark -> mark.minus(properties.lineageOverlap()))
					.orElse(clock.instant().minus(properties.initialLookback()));
		if (!from.isBefore(to)) {
			runs.lineageFinished(run.id(), "READ", null);
			return;
		}
		BatchPipeline pipeline = new BatchPipeline(writer);
		try {
			reader.read(source, from, to, properties.batchSize(), (rows, rejected) -> {
				List<EngineLineageStore.Keyed> keyed = EngineLineageStore.keyed(rows);
				pipeline.submit(() -> write(source, run, backfill, keyed, rejected));
			});
			pipeline.drain();
			runs.lineageFinished(run.id(), "READ", null);
		}
		catch (IngestionRunRepository.RunTakenOverException ex) {
			pipeline.awaitQuietly();
			throw ex;
		}
		catch (Exception ex) {
			pipeline.awaitQuietly();
			String reason = FailureText.describe(ex);
			log.warn("Ingestion run {}: reading the engine lineage failed; the next run reads it again from its "
					+ "watermark: {}", run.id(), Secrets.mask(reason));
			runs.lineageFinished(run.id(), "FAILED", reason);
		}
	}

	private void write(HistorySource source, IngestionRun run, boolean backfill, List<EngineLineageStore.Keyed> rows,
			int rejected) {
		batchTime.record(() -> tx.executeWithoutResult(status -> {
			rollups.deferToCatchUp();
			List<EngineLineageStore.Inserted> inserted = store.insertNew(source.name(), open(rows), run.id());
			Set<String> statements = new LinkedHashSet<>();
			inserted.forEach(row -> {
				if (row.statementId() != null) {
					statements.add(row.statementId());
				}
			});
			if (!statements.isEmpty()) {
				Set<String> refresh = new LinkedHashSet<>(store.inHistory(source.name(), statements));
				refresh.addAll(store.cacheHitsOf(source.name(), statements));
				if (!refresh.isEmpty()) {
					refresher.refresh(source, pending.load(source, refresh));
				}
			}
			runs.lineageProgress(run.id(), rows.size() + rejected, inserted.size());
			Instant newest = rows.stream().map(row -> row.row().eventTime()).max(Instant::compareTo).orElse(null);
			if (!backfill && newest != null) {
				watermark.advance(source.name(), WatermarkRepository.LINEAGE, newest, run.id());
			}
		}));
	}

	/**
	 * After the history window: the rows awaiting their history (this run's, and those of a run that died
	 * before it got here) whose statement the history holds were derived with it, and are settled first, in one
	 * statement; the rest, whose statement the history does not hold (only this run, holding the source's run
	 * slot, writes the source's history) or that name none, become lineage-only statements, in transactions of
	 * a batch of rows each. Rows of days closed since they were stored (detail retention), or gone with them,
	 * are only settled.
	 */
	void settle(HistorySource source) {
		settleTime.record(() -> tx.executeWithoutResult(status -> store.settleInHistory(source.name())));
		int taken;
		do {
			taken = settleTime.record(() -> tx.execute(status -> {
				rollups.deferToCatchUp();
				List<EngineLineageStore.Awaiting> awaiting = store.awaitingHistory(source.name(), properties.batchSize());
				Set<String> statements = new LinkedHashSet<>();
				List<String> withoutStatement = new ArrayList<>();
				List<EngineLineageStore.Awaiting> stored = awaiting.stream().filter(row -> row.eventTime() != null).toList();
				horizon.openTimes(stored, EngineLineageStore.Awaiting::eventTime).forEach(row -> {
					if (row.statementId() == null) {
						withoutStatement.add(row.lineageKey());
					}
					else {
						statements.add(row.statementId());
					}
				});
				if (!statements.isEmpty() || !withoutStatement.isEmpty()) {
					lineageOnly.rebuild(source, statements, withoutStatement);
				}
				if (!awaiting.isEmpty()) {
					store.settled(source.name(), awaiting.stream().map(EngineLineageStore.Awaiting::lineageKey).toList());
				}
				return awaiting.size();
			}));
		}
		while (taken == properties.batchSize());
	}

	/**
	 * The lineage rows of business days that are not closed (detail retention), with the horizon held until
	 * the batch commits: a statement of a closed day may have left the store, and lineage that arrives for it
	 * late would otherwise make it a lineage-only statement of a day whose rollups no longer change.
	 */
	private List<EngineLineageStore.Keyed> open(List<EngineLineageStore.Keyed> rows) {
		return horizon.openTimes(rows, row -> row.row().eventTime());
	}

	@Override
	public void destroy() {
		writer.shutdownNow();
	}

}
