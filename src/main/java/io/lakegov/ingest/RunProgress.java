package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

import org.jspecify.annotations.Nullable;

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

	/** When the writer thread logs where the run stands (that thread only). */
	final Every report = new Every();

	/** What batches with nothing to store read since the last commit (writer thread only). */
	final Held held = new Held();

	/** The statements of the batch last submitted, which may not have committed yet (reading thread only). */
	Set<String> inFlight = Set.of();

	/** The rows of the batches submitted so far that were new or newer than the store's (reading thread only). */
	long storing;

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

	/**
	 * The counts and newest update time of batches that brought nothing to store, which commit with a later
	 * batch's transaction instead of one of their own.
	 */
	static final class Held {

		int batches;

		long rows;

		long masked;

		@Nullable Instant newest;

		private long since = System.nanoTime();

		void add(long rows, long masked, @Nullable Instant newest) {
			this.batches++;
			this.rows += rows;
			this.masked += masked;
			if (newest != null && (this.newest == null || newest.isAfter(this.newest))) {
				this.newest = newest;
			}
		}

		/** The newer of the held batches' newest update time and the given one. */
		@Nullable Instant newest(@Nullable Instant other) {
			if (newest == null) {
				return other;
			}
			return other == null || newest.isAfter(other) ? newest : other;
		}

		/** Whether the last commit is at least this long ago. */
		boolean older(Duration than) {
			return System.nanoTime() - since >= than.toNanos();
		}

		/** The held batches committed. */
		void committed() {
			batches = 0;
			rows = 0;
			masked = 0;
			newest = null;
			since = System.nanoTime();
		}

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
