package io.lakegov.ingest;

import java.util.List;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Re-derives the facts of statements whose facts came from an older analyser version, batch by batch
 * from the stored history; the source is not read again.
 */
@Component
class Reanalysis {

	private final PendingStatements pending;

	private final FactRefresher refresher;

	private final TransactionTemplate tx;

	Reanalysis(PendingStatements pending, FactRefresher refresher, TransactionTemplate tx) {
		this.pending = pending;
		this.refresher = refresher;
		this.tx = tx;
	}

	/** Told after every batch. */
	@FunctionalInterface
	interface Progress {

		void batch(int refreshed, int analysed, int unanalysable);

	}

	record Outcome(long refreshed) {
	}

	Outcome run(int batchSize, Progress progress) {
		long total = 0;
		while (true) {
			Integer refreshed = tx.execute(status -> {
				List<String> ids = pending.analysedByOlderVersion(batchSize);
				if (ids.isEmpty()) {
					return 0;
				}
				FactRefresher.Outcome outcome = refresher.refresh(pending.load(ids));
				progress.batch(ids.size(), outcome.analysed(), outcome.unanalysable());
				return ids.size();
			});
			if (refreshed == null || refreshed == 0) {
				return new Outcome(total);
			}
			total += refreshed;
		}
	}

}
