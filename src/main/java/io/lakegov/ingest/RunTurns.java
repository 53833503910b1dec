package io.lakegov.ingest;

import java.util.concurrent.locks.ReentrantLock;

import org.springframework.stereotype.Component;

/**
 * Lets the claimed runs of this process (of any source) do their work one at a time: the batches of
 * every source update the same rollups, and one writer at a time keeps their row locks from contending.
 * A run waiting for its turn stays alive: {@link RunHeartbeats} heartbeats it from its claim on.
 */
@Component
class RunTurns {

	private final ReentrantLock lock = new ReentrantLock(true);

	/** The work of a run, done in its turn. */
	@FunctionalInterface
	interface Work<T> {

		T run();

	}

	<T> T inTurn(Work<T> work) throws InterruptedException {
		lock.lockInterruptibly();
		try {
			return work.run();
		}
		finally {
			lock.unlock();
		}
	}

}
