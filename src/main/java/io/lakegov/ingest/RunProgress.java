package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Where a run stands: updated by the writer thread as batches commit, by the counting thread once the
 * window is counted, and read by the reading thread after a drain. Drives the backlog gauge, which
 * shows the rows of the window not yet ingested as soon as the window's size is known.
 */
final class RunProgress {

	private final LongConsumer backlog;

	/** Where a retry resumes reading: the newest update time committed so far. */
	final AtomicReference<Instant> resumeFrom;

	/** The rows of the window, once counted (-1 before). */
	private final AtomicLong windowRows = new AtomicLong(-1);

	private final AtomicLong rowsRead = new AtomicLong();

	private final AtomicLong submitted = new AtomicLong();

	private volatile boolean finished;

	/** When the writer thread catches up the rollups of the batches so far (that thread only). */
	final Every rollups = new Every();

	/** When the writer thread logs where the run stands (that thread only). */
	final Every report = new Every();

	/** The statements of the batch last submitted, which may not have committed yet (reading thread only). */
	Set<String> inFlight = Set.of();

	/** @param backlog told the rows of the window not yet ingested, whenever that changes */
	RunProgress(Instant from, LongConsumer backlog) {
		this.resumeFrom = new AtomicReference<>(from);
		this.backlog = backlog;
	}

	/** The window holds this many rows; a count that arrives after the run ended changes nothing. */
	synchronized void counted(long rows) {
		windowRows.set(rows);
		if (!finished) {
			backlog.accept(rows - rowsRead.get());
		}
	}

	/** A batch committed after reading this many rows. */
	synchronized void read(long rows) {
		long read = rowsRead.addAndGet(rows);
		long window = windowRows.get();
		if (window >= 0 && !finished) {
			backlog.accept(window - read);
		}
	}

	long rowsRead() {
		return rowsRead.get();
	}

	/** Counts a submitted batch; returns how many have been submitted. */
	long submitted() {
		return submitted.incrementAndGet();
	}

	/** The run ended (the caller clears the backlog): later counts and batches leave it alone. */
	void finish() {
		finished = true;
	}

	/** Something done once per interval from the run's start. */
	static final class Every {

		private long last = System.nanoTime();

		/** True once per interval: the caller does it now. */
		boolean due(Duration interval) {
			long now = System.nanoTime();
			if (now - last < interval.toNanos()) {
				return false;
			}
			last = now;
			return true;
		}

	}

}
