package io.lakegov.ingest;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import io.lakegov.usage.RollupUpkeep;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * The rollup catch-ups of one run, on their own thread beside the run's writing: one at a time, one started
 * at most every {@code lakegov.usage.rollup-interval}, each once the window has left another day behind.
 * Storing batches and rebuilding rollups are both mostly PostgreSQL's work; on two connections they use two
 * cores instead of taking turns on one. A window is read in the order of {@code update_time}, so the pairs of
 * the days well before its newest row are the ones it is done with: a catch-up here takes only days more than
 * {@link #BEHIND} before it (the days it writes now it will touch again soon, and recording a pair that a
 * catch-up holds would make the writer wait for it); the run's last catch-up, after its window, takes
 * everything.
 */
final class RunCatchUps {

	private static final Logger log = LoggerFactory.getLogger(RunCatchUps.class);

	private final ExecutorService executor;

	private final RollupUpkeep rollups;

	/**
	 * How far behind the window's newest row a day must be for a catch-up beside the run to take it: a day of
	 * the business time zone (at most 14 hours off UTC) and a statement that runs or changes for a day after
	 * it starts.
	 */
	static final Period BEHIND = Period.ofDays(2);

	private final RunProgress.Every every = new RunProgress.Every();

	/** The first day not yet left to a catch-up. */
	private LocalDate taken = LocalDate.MIN;

	private Future<?> running = CompletableFuture.completedFuture(null);

	RunCatchUps(ExecutorService executor, RollupUpkeep rollups) {
		this.executor = executor;
		this.rollups = rollups;
	}

	/**
	 * After each batch (writer thread), with the newest {@code update_time} read so far: starts a catch-up
	 * of the days the window has left behind when one is due and none is running.
	 */
	synchronized void afterBatch(@Nullable Instant newestRead) {
		if (newestRead == null) {
			return;
		}
		LocalDate before = LocalDate.ofInstant(newestRead, ZoneOffset.UTC).minus(BEHIND);
		if (before.isAfter(taken) && running.isDone() && every.due(rollups.interval())) {
			taken = before;
			running = executor.submit(() -> catchUp(before));
		}
	}

	private void catchUp(LocalDate before) {
		try {
			rollups.catchUpBefore(before);
		}
		catch (DataAccessException | TransactionException ex) {
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
