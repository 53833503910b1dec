package io.lakegov.usage;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reuses answers computed from the usage rollups (rankings, readers, writers, impact, daily usage) while
 * the store generation they were computed at is current. These answers only change when an ingestion
 * batch commits, and every batch bumps the generation in its own transaction, so a reused answer is what
 * a fresh computation would answer, on every replica. Each replica keeps its own entries, bounded by the
 * rows they hold ({@code lakegov.usage.cache-rows}); Caffeine keeps the frequently asked ones (the hot
 * tables, the dashboards' windows) when it must make room.
 * <p>
 * Concurrent requests for one answer at one generation compute it once: the first computes, the others
 * wait for it and share its answer, or its failure (a failed answer is not kept, the next request computes
 * again). That is what happens right after a batch commits, when every dashboard asks again at once.
 * <p>
 * Right after a batch commits, the answers of the old generation that were asked for again while they
 * were current, the most asked first ({@code lakegov.usage.cache-warm-answers} of them at most), are
 * computed again at the new generation by one background thread, so the dashboards' next requests find
 * them ready or wait for a computation already under way.
 */
@Component
public class GenerationCache implements DisposableBean {

	private final boolean enabled;

	private final ToLongFunction<TransactionStatus> generation;

	private final TransactionOperations snapshot;

	private final AsyncCache<Key, Entry> entries;

	private final AtomicLong newest = new AtomicLong(Long.MIN_VALUE);

	private final Warmer warmer;

	private final Runnable warmed;

	@Autowired
	GenerationCache(UsageProperties properties, StoreGeneration generation, PlatformTransactionManager transactions,
			MeterRegistry registry) {
		this(properties.cacheEnabled(), properties.cacheRows(), properties.cacheWarmAnswers(),
				transaction -> transaction.isNewTransaction() ? generation.snapshot() : generation.current(),
				readOnly(transactions), Counter.builder("lakegov.usage.cache.warmed")
					.description("Answers computed again in the background after an ingestion batch committed")
					.register(registry)::increment);
	}

	GenerationCache(boolean enabled, long maxRows, int warmAnswers, ToLongFunction<TransactionStatus> generation,
			TransactionOperations snapshot, Runnable warmed) {
		this.enabled = enabled;
		this.generation = generation;
		this.snapshot = snapshot;
		this.entries = Caffeine.newBuilder().maximumWeight(maxRows).weigher((Key key, Entry entry) -> entry.weight()).buildAsync();
		this.warmer = new Warmer(enabled ? warmAnswers : 0);
		this.warmed = warmed;
	}

	/**
	 * The answer for {@code key} at the current generation: the one computed before at this generation, or
	 * a new one. The generation and every query of {@code compute} run in one read-only REPEATABLE READ
	 * transaction (or in the caller's, when one is open), so an answer is never kept under a generation older
	 * than the data it was computed from.
	 *
	 * @param key what identifies the answer (report, table, window, page ...), compared with {@code equals}
	 * @param compute the answer from the rollups
	 * @param rows how many rows (listed users, sources, tables, days) the answer holds
	 */
	public <T> T get(Object key, Supplier<T> compute, ToIntFunction<T> rows) {
		return snapshot.execute(status -> {
			long current = generation.applyAsLong(status);
			return enabled ? reused(current, key, compute, rows) : compute.get();
		});
	}

	private <T> T reused(long current, Object key, Supplier<T> compute, ToIntFunction<T> rows) {
		long seen = newest.getAndAccumulate(current, Math::max);
		if (seen > current) {
			// a request that started before the latest commit answers from its snapshot but keeps nothing
			return compute.get();
		}
		if (seen < current) {
			// answers of older generations can never be asked for again; the most asked are computed again
			List<Again<?>> asked = mostAsked(current);
			entries.asMap().keySet().removeIf(old -> old.generation() < current);
			asked.forEach(again -> warmer.submit(() -> {
				if (newest.get() == current) {
					warm(again);
				}
			}));
		}
		var entryKey = new Key(current, key);
		var mine = new CompletableFuture<Entry>();
		CompletableFuture<Entry> shared = entries.asMap().putIfAbsent(entryKey, mine);
		if (shared != null) {
			// The waiter keeps its own snapshot's connection while it waits; the computing request already
			// holds the connection all its queries run on, so waiting never starves it of the pool.
			T answer = answer(shared);
			shared.join().asked().incrementAndGet();
			return answer;
		}
		if (newest.get() > current) {
			// a newer generation was seen between the check above and the put, and may have dropped the old
			// answers before this one was added
			entries.asMap().remove(entryKey, mine);
		}
		try {
			T answer = Objects.requireNonNull(compute.get(), "answer");
			mine.complete(new Entry(answer, 1 + rows.applyAsInt(answer), new Again<>(key, compute, rows),
					new AtomicInteger()));
			return answer;
		}
		catch (RuntimeException | Error ex) {
			entries.asMap().remove(entryKey, mine);
			mine.completeExceptionally(ex);
			throw ex;
		}
	}

	@SuppressWarnings("unchecked")
	private static <T> T answer(CompletableFuture<Entry> shared) {
		try {
			return (T) shared.join().answer();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			if (ex.getCause() instanceof Error cause) {
				throw cause;
			}
			throw ex;
		}
	}

	/** The answers of generations before {@code current} asked for again while current, the most asked first. */
	private List<Again<?>> mostAsked(long current) {
		if (!warmer.enabled()) {
			return List.of();
		}
		return entries.asMap()
			.entrySet()
			.stream()
			.filter(kept -> kept.getKey().generation() < current && kept.getValue().isDone()
					&& !kept.getValue().isCompletedExceptionally())
			.map(kept -> kept.getValue().join())
			.map(entry -> new Asked(entry.again(), entry.asked().get()))
			.filter(asked -> asked.times() > 0)
			.sorted(Comparator.comparingInt(Asked::times).reversed())
			.limit(warmer.answers())
			.<Again<?>>map(Asked::again)
			.toList();
	}

	/** An answer and how often it was asked for again, counted once (requests may still be counting). */
	private record Asked(Again<?> again, int times) {
	}

	private <T> void warm(Again<T> again) {
		get(again.key(), again.compute(), again.rows());
		warmed.run();
	}

	/** Stops computing answers in the background. */
	@Override
	public void destroy() {
		warmer.stop();
	}

	/** The rows the kept answers hold, once pending evictions are done. */
	long rowsHeld() {
		entries.synchronous().cleanUp();
		return entries.synchronous().policy().eviction().orElseThrow().weightedSize().orElseThrow();
	}

	/** A read-only transaction; reading the generation first makes it REPEATABLE READ. */
	private static TransactionOperations readOnly(PlatformTransactionManager transactions) {
		var template = new TransactionTemplate(transactions);
		template.setReadOnly(true);
		return template;
	}

	private record Key(long generation, Object request) {
	}

	/**
	 * @param again how to compute the answer again at a newer generation
	 * @param asked how often it was asked for again at its generation
	 */
	private record Entry(Object answer, int weight, Again<?> again, AtomicInteger asked) {
	}

	private record Again<T>(Object key, Supplier<T> compute, ToIntFunction<T> rows) {
	}

}
