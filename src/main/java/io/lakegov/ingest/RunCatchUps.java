package io.lakegov.ingest;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import io.lakegov.usage.RollupUpkeep;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * The rollup catch-ups of one run, on their own thread beside the run's writing: one at a time, one started
 * every {@code lakegov.usage.rollup-interval}. Storing batches and rebuilding rollups are both mostly
 * PostgreSQL's work; on two connections they use two cores instead of taking turns on one. A catch-up here
 * takes only pairs the run has left alone for an interval (the days it writes now it will touch again soon,
 * and recording a pair that a catch-up holds would make the writer wait for it); the run's last catch-up,
 * after its window, takes everything.
 */
final class RunCatchUps {

	private static final Logger log = LoggerFactory.getLogger(RunCatchUps.class);

	private final ExecutorService executor;

	private final RollupUpkeep rollups;

	private final RunProgress.Every every = new RunProgress.Every();

	private Future<?> running = CompletableFuture.completedFuture(null);

	RunCatchUps(ExecutorService executor, RollupUpkeep rollups) {
		this.executor = executor;
		this.rollups = rollups;
	}

	/** After each committed batch (writer thread): starts a catch-up when one is due and none is running. */
	synchronized void afterBatch() {
		if (running.isDone() && every.due(rollups.interval())) {
			running = executor.submit(this::catchUp);
		}
	}

	private void catchUp() {
		try {
			rollups.catchUpSettled(rollups.interval());
		}
		catch (DataAccessException ex) {
			log.warn("Could not catch up the rollups beside the run; its last catch-up takes them: {}",
					ex.getMostSpecificCause().getMessage());
		}
	}

	/** Waits for the catch-up in flight, whose failure is logged and left to the run's last catch-up. */
	void await() throws InterruptedException {
		Future<?> current;
		synchronized (this) {
			current = running;
		}
		try {
			current.get();
		}
		catch (ExecutionException ex) {
			log.warn("A rollup catch-up beside the run failed; its last catch-up takes its pairs", ex.getCause());
		}
	}

	/** Stops the catch-up in flight: its transaction rolls back and its pairs stay in the backlog. */
	synchronized void cancel() {
		running.cancel(true);
	}

}
