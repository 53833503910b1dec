package io.lakegov.history;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One HTTP request's reads of the source: they share one deadline, and once the source proved out of
 * reach (no connection, or the deadline passed) the further reads answer the same gap without trying.
 * Used by the request's own thread only.
 */
public final class SourceVisit {

	private final JdbcClient jdbc;

	private final ThreadPoolExecutor readers;

	private final Duration bound;

	private final long deadline;

	private SourceGap down;

	SourceVisit(JdbcClient jdbc, ThreadPoolExecutor readers, Duration bound) {
		this.jdbc = jdbc;
		this.readers = readers;
		this.bound = bound;
		this.deadline = System.nanoTime() + bound.toNanos();
	}

	/**
	 * Reads from the source, waiting at most until the request's deadline.
	 *
	 * @param what what is read, as an answer should name it: {@code "the table inventory
	 * system.information_schema.tables"}
	 * @param query the read; it runs on another thread, with a client whose statements time out with the bound
	 */
	public <T> SourceAnswer<T> read(String what, Function<JdbcClient, T> query) {
		if (down != null) {
			return new SourceAnswer.Unanswered<>(down);
		}
		long remaining = deadline - System.nanoTime();
		if (remaining <= 0) {
			return gone(SourceGap.timedOut(what, bound));
		}
		Future<T> reading;
		try {
			reading = submit(query);
		}
		catch (RejectedExecutionException ex) {
			return gone(new SourceGap(SourceGap.Kind.UNREACHABLE,
					"the source has not answered earlier requests yet, so nothing was asked for " + what,
					"every request reader is busy"));
		}
		try {
			return new SourceAnswer.Answered<>(reading.get(remaining, TimeUnit.NANOSECONDS));
		}
		catch (TimeoutException ex) {
			reading.cancel(true);
			return gone(SourceGap.timedOut(what, bound));
		}
		catch (InterruptedException ex) {
			reading.cancel(true);
			Thread.currentThread().interrupt();
			return gone(SourceGap.timedOut(what, bound));
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof DataAccessException failure) {
				SourceGap gap = SourceGap.of(what, failure);
				return gap.sourceDown() ? gone(gap) : new SourceAnswer.Unanswered<>(gap);
			}
			if (ex.getCause() instanceof RuntimeException unexpected) {
				throw unexpected;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
	}

	private <T> Future<T> submit(Function<JdbcClient, T> query) {
		try {
			return readers.submit(() -> query.apply(jdbc));
		}
		catch (RejectedExecutionException full) {
			// reads of requests that stopped waiting may still sit in the queue: drop them and try once more
			readers.purge();
			return readers.submit(() -> query.apply(jdbc));
		}
	}

	/** The gap that made the source out of reach for the rest of the request, if one did. */
	public SourceGap down() {
		return down;
	}

	private <T> SourceAnswer<T> gone(SourceGap gap) {
		down = gap;
		return new SourceAnswer.Unanswered<>(gap);
	}

}
