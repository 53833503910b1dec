package io.lakegov.ingest;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.springframework.stereotype.Component;

/**
 * Lets the claimed runs of this process (of any source) do their work one at a time: the batches of
 * every source update the same rollups, and one writer at a time keeps their row locks from contending.
 * A run waiting for its turn keeps its heartbeat, so that it is not taken for abandoned.
 */
@Component
class RunTurns {

	private static final Duration HEARTBEAT = Duration.ofSeconds(20);

	private final ReentrantLock lock = new ReentrantLock(true);

	private final IngestionRunRepository runs;

	RunTurns(IngestionRunRepository runs) {
		this.runs = runs;
	}

	/** The work of a run, done in its turn. */
	@FunctionalInterface
	interface Work<T> {

		T run();

	}

	<T> T inTurn(IngestionRun run, Work<T> work) throws InterruptedException {
		while (!lock.tryLock(HEARTBEAT.toMillis(), TimeUnit.MILLISECONDS)) {
			runs.heartbeat(run.id());
		}
		try {
			return work.run();
		}
		finally {
			lock.unlock();
		}
	}

}
