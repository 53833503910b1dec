package io.lakegov.usage;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One background thread that computes answers again after a batch commits, one at a time, so that it never
 * takes more than one request's share of the service and the database. At most {@code answers} wait per
 * generation; tasks of a generation that is no longer the newest return at once.
 */
final class Warmer {

	private static final Logger log = LoggerFactory.getLogger(Warmer.class);

	private final int answers;

	private final ExecutorService thread;

	Warmer(int answers) {
		this.answers = answers;
		this.thread = answers == 0 ? null : Executors.newSingleThreadExecutor(task -> {
			Thread warming = new Thread(task, "lakegov-answer-warmer");
			warming.setDaemon(true);
			return warming;
		});
	}

	boolean enabled() {
		return thread != null;
	}

	int answers() {
		return answers;
	}

	void submit(Runnable task) {
		thread.execute(() -> {
			try {
				task.run();
			}
			catch (RuntimeException ex) {
				// the next request for the answer computes it and reports the failure
				log.debug("An answer could not be computed again in the background", ex);
			}
		});
	}

	void stop() {
		if (thread != null) {
			thread.shutdownNow();
		}
	}

}
