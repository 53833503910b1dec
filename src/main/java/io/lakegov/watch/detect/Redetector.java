package io.lakegov.watch.detect;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

import io.lakegov.catalog.TablesDropped;
import io.lakegov.usage.FactsWritten;
import io.lakegov.usage.UsageFact;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.watch.WatchProperties;
import io.lakegov.web.Backoff;
import io.lakegov.web.Secrets;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Raises the events whose detection failed in the transaction that should have raised them
 * ({@link Redetections}). A batch's come from its statements' facts as the store holds them now, and are
 * those the batch would have raised: a watch still hears only of accesses from its creation on, a reader is
 * new only against the accesses before it, and an event already stored is not stored again. A sync's come
 * from the reads before the tables were found gone. Each row is claimed in a transaction of its own and goes
 * in that transaction once its events are stored; one that fails again is tried after the watches' backoff
 * ({@code lakegov.watch.retry-initial} doubling up to {@code retry-max}, with jitter), until it succeeds; detail retention keeps
 * the statements until then, and a statement whose facts are gone all the same raises nothing.
 * {@code lakegov.watch.redetection.backlog} is the number of rows waiting.
 */
@Component
public class Redetector {

	/** Rows one pass takes at most, so that a pass ends while a flood of them waits. */
	static final int MAX_PER_PASS = 100;

	private final Redetections pending;

	private final UsageFactRepository facts;

	private final FactsWatcher watcher;

	private final DroppedTables dropped;

	private final TransactionTemplate tx;

	private final Backoff backoff;

	private final RandomGenerator random = RandomGenerator.getDefault();

	private final AtomicLong backlog = new AtomicLong();

	Redetector(Redetections pending, UsageFactRepository facts, FactsWatcher watcher, DroppedTables dropped,
			TransactionTemplate tx, WatchProperties properties, MeterRegistry registry) {
		this.pending = pending;
		this.dropped = dropped;
		this.facts = facts;
		this.watcher = watcher;
		this.tx = tx;
		this.backoff = new Backoff(properties.retryInitial(), properties.retryMax());
		Gauge.builder("lakegov.watch.redetection.backlog", backlog, AtomicLong::get)
			.description("Ingestion batches and catalog syncs whose watch events failed and wait to be raised again")
			.register(registry);
	}

	/** Raises the events of the due rows; how many rows had their events raised. */
	public int redetectDue() {
		int raised = 0;
		List<Long> tried = new ArrayList<>();
		while (tried.size() < MAX_PER_PASS) {
			Boolean outcome = tx.execute(status -> pending.claimDue(tried).map(row -> {
				tried.add(row.id());
				return redetect(row);
			}).orElse(null));
			if (outcome == null) {
				break;
			}
			if (outcome) {
				raised++;
			}
		}
		backlog.set(pending.count());
		return raised;
	}

	private boolean redetect(Redetections.Pending row) {
		Consumer<RuntimeException> later = failure -> pending.later(row.id(),
				backoff.after(row.attempts() + 1, random), Secrets.mask(String.valueOf(failure.getMessage())));
		boolean raised = switch (row.kind()) {
			case FACTS -> {
				List<UsageFact> stored = facts.facts(row.source(), row.names());
				yield watcher.raise(new FactsWritten(row.source(), new LinkedHashSet<>(row.names()), stored), later);
			}
			case DROPPED -> dropped.raise(new TablesDropped(row.names(), row.happenedAt()), later);
		};
		if (raised) {
			pending.done(row.id());
		}
		return raised;
	}

}
