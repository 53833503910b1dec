package io.lakegov.usage;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;

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
 */
@Component
public class GenerationCache {

	private final boolean enabled;

	private final ToLongFunction<TransactionStatus> generation;

	private final TransactionOperations snapshot;

	private final AsyncCache<Key, Entry> entries;

	private final AtomicLong newest = new AtomicLong(Long.MIN_VALUE);

	@Autowired
	GenerationCache(UsageProperties properties, StoreGeneration generation, PlatformTransactionManager transactions) {
		this(properties.cacheEnabled(), properties.cacheRows(),
				transaction -> transaction.isNewTransaction() ? generation.snapshot() : generation.current(),
				readOnly(transactions));
	}

	GenerationCache(boolean enabled, long maxRows, ToLongFunction<TransactionStatus> generation,
			TransactionOperations snapshot) {
		this.enabled = enabled;
		this.generation = generation;
		this.snapshot = snapshot;
		this.entries = Caffeine.newBuilder().maximumWeight(maxRows).weigher((Key key, Entry entry) -> entry.weight()).buildAsync();
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
			// answers of older generations can never be asked for again
			entries.asMap().keySet().removeIf(old -> old.generation() < current);
		}
		var entryKey = new Key(current, key);
		var mine = new CompletableFuture<Entry>();
		CompletableFuture<Entry> shared = entries.asMap().putIfAbsent(entryKey, mine);
		if (shared != null) {
			// The waiter keeps its own snapshot's connection while it waits; the computing request already
			// holds the connection all its queries run on, so waiting never starves it of the pool.
			return answer(shared);
		}
		if (newest.get() > current) {
			// a newer generation was seen between the check above and the put, and may have dropped the old
			// answers before this one was added
			entries.asMap().remove(entryKey, mine);
		}
		try {
			T answer = Objects.requireNonNull(compute.get(), "answer");
			mine.complete(new Entry(answer, 1 + rows.applyAsInt(answer)));
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

	private record Entry(Object answer, int weight) {
	}

}
