package io.lakegov.ingest.batch;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Keeps two batches in flight: while one is written in its transaction on the writer thread, the reading
 * thread reads and prepares the next (decoding rows, hashing texts, analysing new ones). Reading and
 * analysing are work for the JVM, writing mostly for PostgreSQL, so the two overlap on separate cores.
 * Batches are still written one after the other, in source order, so the watermark moves as before.
 */
public final class BatchPipeline {

	private final ExecutorService writer;

	private Future<?> inFlight = CompletableFuture.completedFuture(null);

	public BatchPipeline(ExecutorService writer) {
		this.writer = writer;
	}

	/**
	 * Waits for the batch in flight, then starts writing this one. A failed write stops the read: its
	 * exception is thrown here.
	 */
	public void submit(Runnable write) {
		drain();
		inFlight = writer.submit(write);
	}

	/** Waits until the batch in flight is written; throws what its write threw. */
	public void drain() {
		try {
			inFlight.get();
		}
		catch (InterruptedException ex) {
			inFlight.cancel(true);
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while a batch was being written", ex);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
	}

	/** After a failure elsewhere: lets the batch in flight finish (or fail) before the run is closed. */
	public void awaitQuietly() {
		try {
			inFlight.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException ex) {
			// the run already fails for the reason the caller holds; this batch's failure adds nothing
		}
	}

	/** Stops the batch in flight: its transaction rolls back. */
	public void cancel() {
		inFlight.cancel(true);
	}

}
