package io.lakegov.ingest.batch;

import java.util.List;

import io.lakegov.history.HistorySource;
import io.lakegov.ingest.RawTextProperties;
import io.lakegov.usage.RollupUpkeep;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Re-derives the facts of a source's statements whose facts came from an older analyser version, batch by
 * batch from the stored history; the source is not read again. Statements whose raw text is gone (see
 * {@link RawTextProperties}) are left with the facts of their last analysis and counted.
 */
@Component
public class Reanalysis {

	private final PendingStatements pending;

	private final FactRefresher refresher;

	private final TransactionTemplate tx;

	private final RollupUpkeep rollups;

	Reanalysis(PendingStatements pending, FactRefresher refresher, TransactionTemplate tx, RollupUpkeep rollups) {
		this.rollups = rollups;
		this.pending = pending;
		this.refresher = refresher;
		this.tx = tx;
	}

	/** Told after every batch. */
	@FunctionalInterface
	public interface Progress {

		void batch(int refreshed, int analysed, int unanalysable);

	}

	/** How many statements were re-derived, and how many could not be because their raw text is gone. */
	public record Outcome(long refreshed, long notReanalysable) {
	}

	public Outcome run(HistorySource source, int batchSize, Progress progress) {
		long total = 0;
		String after = "";
		while (true) {
			String from = after;
			List<String> ids = tx.execute(status -> {
				rollups.deferToCatchUp();
				List<String> batch = pending.analysedByOlderVersion(source.name(), from, batchSize);
				if (!batch.isEmpty()) {
					FactRefresher.Outcome outcome = refresher.refresh(source, pending.load(source, batch));
					progress.batch(batch.size(), outcome.analysed(), outcome.unanalysable());
				}
				return batch;
			});
			if (ids == null || ids.isEmpty()) {
				return new Outcome(total, pending.notReanalysable(source.name()));
			}
			total += ids.size();
			after = ids.get(ids.size() - 1);
		}
	}

}
