package io.lakegov.usage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakegov.usage.rollups.DayTable;
import io.lakegov.usage.rollups.PairRollups;
import io.lakegov.usage.rollups.RollupBacklog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps the daily rollups equal to the facts. Every transaction that changes facts records the (day, table)
 * pairs it touched in the rollup backlog, in that transaction. By default the same transaction rebuilds
 * those pairs just before it commits, so its rollups commit with its facts. A transaction that writes many
 * batches' worth of facts (an ingestion run's batch) defers instead: a catch-up rebuilds the backlog later,
 * each pair once however many batches touched it, in set-based statements over whole days. An ingestion
 * run catches up while it runs and before it finishes; pairs left by a process that died are caught up on a
 * schedule, so a crash at any point leaves a backlog that the next catch-up completes exactly.
 */
@Component
public class RollupUpkeep {

	private static final Logger log = LoggerFactory.getLogger(RollupUpkeep.class);

	/** Bound to a transaction that leaves its pairs to a catch-up. */
	private static final Object DEFERRED = new Object();

	/** Bound to a transaction that rebuilds its own pairs before it commits: the pairs. */
	private static final Object OWN_PAIRS = new Object();

	/** Bound to a transaction that bumps the store generation as its last statement. */
	private static final Object GENERATION = new Object();

	private final RollupBacklog backlog;

	private final PairRollups rollups;

	private final StoreGeneration generation;

	private final TransactionTemplate tx;

	private final UsageProperties properties;

	private final Clock clock;

	private final DetailHorizon horizon;

	/** Runs of this process that catch up their own pairs; while there are any, the schedule waits. */
	private final AtomicInteger runs = new AtomicInteger();

	RollupUpkeep(RollupBacklog backlog, PairRollups rollups, StoreGeneration generation, TransactionTemplate tx,
			UsageProperties properties, Clock clock, DetailHorizon horizon) {
		this.clock = clock;
		this.horizon = horizon;
		this.backlog = backlog;
		this.rollups = rollups;
		this.generation = generation;
		this.tx = tx;
		this.properties = properties;
	}

	/**
	 * Leaves the rollups of the facts that the current transaction changes to a later {@link #catchUp()},
	 * which the caller must see to.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void deferToCatchUp() {
		if (!TransactionSynchronizationManager.hasResource(DEFERRED)) {
			bind(DEFERRED, Boolean.TRUE);
		}
	}

	/**
	 * Rebuilds the rollups of every pair waiting in the backlog that no open transaction is changing, in
	 * transactions of {@code lakegov.usage.rollup-chunk} pairs, oldest days first. Returns the pairs rebuilt.
	 * Outside any transaction.
	 */
	public int catchUp() {
		return catchUp(null, null);
	}

	/**
	 * As {@link #catchUp()}, for the pairs of days before {@code day}: a run's catch-up beside its own writing
	 * takes the days its window has left behind, and leaves those it is writing now (which it will record
	 * again soon, and recording a pair that a catch-up holds would make the writer wait) to its last catch-up.
	 */
	public int catchUpBefore(LocalDate day) {
		return catchUp(null, day);
	}

	private int catchUp(@Nullable Instant changedBefore, @Nullable LocalDate dayBefore) {
		int total = 0;
		int taken;
		do {
			taken = tx.execute(status -> {
				backlog.lockRebuilds();
				backlog.sortInMemory();
				List<DayTable> pairs = backlog.take(properties.rollupChunk(), changedBefore, dayBefore);
				rollups.rebuild(pairs);
				return pairs.size();
			});
			if (taken > 0) {
				// after the commit: no reader may cache an answer of the old rollups under the new generation
				tx.executeWithoutResult(status -> generation.next());
			}
			total += taken;
		}
		while (taken == properties.rollupChunk());
		return total;
	}

	/**
	 * A run that defers its pairs to catch-ups starts. Until it {@link #runEnded() ends}, the schedule leaves
	 * the backlog alone: the run catches up its own pairs, and its last catch-up takes every pair, those a
	 * process that died left included. A scheduled catch-up beside the run would hold chunks of pairs that the
	 * run's batches record again (its lineage step goes back over the whole window), and make them wait.
	 */
	public void runStarted() {
		runs.incrementAndGet();
	}

	/** The run {@link #runStarted() started} ended, however. */
	public void runEnded() {
		runs.decrementAndGet();
	}

	/** How often a long run catches up while it runs. */
	public Duration interval() {
		return properties.rollupInterval();
	}

	/** How many (day, table) pairs wait for a catch-up. */
	public long backlog() {
		return backlog.size();
	}

	/**
	 * Catches up what runs that died left behind: pairs recorded more than two intervals ago, which a live run
	 * would have caught up by now (it catches up its own every interval). A store that is away (no connection,
	 * no transaction) is tried again next time, with one line in the log.
	 */
	@Scheduled(initialDelayString = "${lakegov.usage.rollup-interval:15s}", fixedDelayString = "${lakegov.usage.rollup-interval:15s}")
	void catchUpLeft() {
		if (runs.get() > 0) {
			return;
		}
		try {
			int pairs = catchUp(clock.instant().minus(properties.rollupInterval().multipliedBy(2)), null);
			if (pairs > 0) {
				log.info("Rebuilt the rollups of {} (day, table) pairs left in the backlog", pairs);
			}
		}
		catch (DataAccessException | TransactionException ex) {
			log.warn("Could not catch up the rollup backlog: {}", ex.getMostSpecificCause().getMessage());
		}
	}

	/**
	 * The facts of these pairs changed in the current transaction. The detail horizon is held until it
	 * commits, so it cannot close a day whose pairs wait here; pairs of days already closed are not recorded,
	 * since no rebuild touches them.
	 */
	void changed(Collection<DayTable> changedPairs) {
		Collection<DayTable> pairs = horizon.openDays(changedPairs, DayTable::date);
		backlog.record(pairs);
		bumpGeneration();
		if (pairs.isEmpty() || TransactionSynchronizationManager.hasResource(DEFERRED)) {
			return;
		}
		@SuppressWarnings("unchecked")
		Set<DayTable> own = (Set<DayTable>) TransactionSynchronizationManager.getResource(OWN_PAIRS);
		if (own == null) {
			Set<DayTable> pending = new LinkedHashSet<>();
			bind(OWN_PAIRS, pending);
			TransactionSynchronizationManager.registerSynchronization(new BeforeCommit(Ordered.LOWEST_PRECEDENCE - 1) {
				@Override
				public void beforeCommit(boolean readOnly) {
					backlog.lockRebuilds();
					backlog.remove(pending);
					rollups.rebuild(pending);
				}
			});
			own = pending;
		}
		own.addAll(pairs);
	}

	/** Bumps the store generation as the last statement of the current transaction, once. */
	void bumpGeneration() {
		if (TransactionSynchronizationManager.hasResource(GENERATION)) {
			return;
		}
		bind(GENERATION, Boolean.TRUE);
		TransactionSynchronizationManager.registerSynchronization(new BeforeCommit(Ordered.LOWEST_PRECEDENCE) {
			@Override
			public void beforeCommit(boolean readOnly) {
				generation.next();
			}
		});
	}

	/** Binds a value to the current transaction until it ends. */
	private static void bind(Object key, Object value) {
		TransactionSynchronizationManager.bindResource(key, value);
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCompletion(int status) {
				TransactionSynchronizationManager.unbindResourceIfPossible(key);
			}
		});
	}

	/** Work just before the commit, in the order given (lower first), after the transaction's own work. */
	private abstract static class BeforeCommit implements TransactionSynchronization {

		private final int order;

		BeforeCommit(int order) {
			this.order = order;
		}

		@Override
		public int getOrder() {
			return order;
		}

	}

}
