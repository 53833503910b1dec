package io.lakegov.ingest;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Keeps the runs of this process alive in the store and looks after the runs of others: every
 * {@link IngestProperties#heartbeatInterval()} it heartbeats the runs this process is carrying out (whether
 * they are reading, writing or waiting for their turn), marks the runs of any replica whose heartbeat is
 * older than the stale-run timeout as abandoned, and records the failures this process could not record
 * when they happened because the store was away. The run slot (one RUNNING run per source) and this
 * heartbeat are what stop two replicas from writing one source at once; a replica that dies holds its
 * slot for no longer than the timeout.
 */
@Component
class RunHeartbeats implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(RunHeartbeats.class);

	private final IngestionRunRepository runs;

	private final Duration staleRunTimeout;

	private final Set<Long> live = ConcurrentHashMap.newKeySet();

	/** Failures of this process's runs that could not be written yet, by run. */
	private final Map<Long, String> unrecorded = new ConcurrentHashMap<>();

	private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-run-heartbeat");
		thread.setDaemon(true);
		return thread;
	});

	RunHeartbeats(IngestionRunRepository runs, IngestProperties properties) {
		this.runs = runs;
		this.staleRunTimeout = properties.staleRunTimeout();
		long every = properties.heartbeatInterval().toMillis();
		ticker.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.MILLISECONDS);
	}

	/** The run is being carried out by this process from now on. */
	void started(long runId) {
		live.add(runId);
	}

	/** The run's outcome is recorded (or it was taken over): nothing more to keep alive. */
	void ended(long runId) {
		live.remove(runId);
	}

	/** The run failed, but its failure could not be written (the store was away): written when it is back. */
	void failedUnrecorded(long runId, String reason) {
		live.remove(runId);
		unrecorded.put(runId, reason);
	}

	/**
	 * Marks the runs of any replica whose heartbeat stopped as abandoned, first writing the failures of this
	 * process that are still unrecorded (so that they keep their real reason); returns the runs marked.
	 */
	List<Long> failAbandoned() {
		recordFailures();
		List<Long> abandoned = runs.failAbandoned(staleRunTimeout);
		if (!abandoned.isEmpty()) {
			log.warn("Marked ingestion run(s) {} as abandoned: no heartbeat for {}", abandoned, staleRunTimeout);
		}
		return abandoned;
	}

	void beat() {
		try {
			Set<Long> alive = Set.copyOf(live);
			if (!alive.isEmpty()) {
				Set<Long> lost = new HashSet<>(alive);
				runs.heartbeat(alive).forEach(lost::remove);
				// a run that ended between the copy and the update is no longer RUNNING either
				lost.retainAll(live);
				for (Long id : lost) {
					log.error("Ingestion run {} was marked as abandoned by another replica while this one was still "
							+ "carrying it out (its heartbeat was late); its next batch is refused", id);
					live.remove(id);
				}
			}
			failAbandoned();
		}
		catch (DataAccessException ex) {
			log.warn("Could not reach the store to keep ingestion runs alive: {}", Secrets.mask(ex.getMessage()));
		}
		catch (RuntimeException ex) {
			log.error("Keeping ingestion runs alive failed", ex);
		}
	}

	private void recordFailures() {
		for (Map.Entry<Long, String> failure : Map.copyOf(unrecorded).entrySet()) {
			boolean recorded = runs.finish(failure.getKey(), RunStatus.FAILED, failure.getValue(), false);
			unrecorded.remove(failure.getKey());
			if (recorded) {
				log.info("Recorded the failure of ingestion run {} now that the store is back: {}", failure.getKey(),
						Secrets.mask(failure.getValue()));
			}
		}
	}

	@Override
	public void destroy() {
		ticker.shutdownNow();
	}

}
