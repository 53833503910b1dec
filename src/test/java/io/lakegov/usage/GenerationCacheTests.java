package io.lakegov.usage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import org.springframework.transaction.support.TransactionOperations;

import static io.lakegov.support.Latches.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class GenerationCacheTests {

	private final AtomicLong generation = new AtomicLong(1);

	private final AtomicInteger computed = new AtomicInteger();

	@Test
	void reusesAnAnswerWhileTheGenerationIsCurrent() {
		var cache = cache(true, 100);
		ask(cache, "k");
		assertThat(ask(cache, "k")).containsExactly(1);
		assertThat(ask(cache, "other")).containsExactly(2);
	}

	@Test
	void computesAgainAtANewGeneration() {
		var cache = cache(true, 100);
		ask(cache, "k");
		generation.set(2);
		assertThat(ask(cache, "k")).containsExactly(2);
		assertThat(ask(cache, "k")).containsExactly(2);
	}

	@Test
	void dropsAnswersOfOlderGenerations() {
		var cache = cache(true, 100);
		ask(cache, "a");
		ask(cache, "b");
		generation.set(2);
		ask(cache, "a");
		assertThat(cache.rowsHeld()).isEqualTo(2);
	}

	@Test
	void keepsNothingAskedAtAnOlderGenerationThanOneAlreadySeen() {
		var cache = cache(true, 100);
		generation.set(5);
		ask(cache, "a");
		generation.set(4);
		ask(cache, "b");
		assertThat(ask(cache, "b")).containsExactly(3);
	}

	@Test
	void computesOnceForConcurrentRequestsOfOneAnswer() throws Exception {
		int callers = 8;
		var asking = new CountDownLatch(callers);
		var cache = new GenerationCache(true, 100, 0, status -> {
			asking.countDown();
			return generation.get();
		}, TransactionOperations.withoutTransaction(), () -> {
		});
		ExecutorService pool = Executors.newFixedThreadPool(callers);
		try {
			List<Future<List<Integer>>> answers = new ArrayList<>();
			for (int i = 0; i < callers; i++) {
				answers.add(pool.submit(() -> cache.get("k", () -> {
					await(asking);
					return List.of(computed.incrementAndGet());
				}, List::size)));
			}
			for (Future<List<Integer>> answer : answers) {
				assertThat(answer.get(10, TimeUnit.SECONDS)).containsExactly(1);
			}
			assertThat(computed).hasValue(1);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void computesAgainAfterAFailure() {
		var cache = cache(true, 100);
		Supplier<List<Integer>> failing = () -> {
			computed.incrementAndGet();
			throw new IllegalStateException("connection lost");
		};
		assertThatIllegalStateException().isThrownBy(() -> cache.get("k", failing, List::size));
		assertThat(ask(cache, "k")).containsExactly(2);
		assertThat(ask(cache, "k")).containsExactly(2);
	}

	@Test
	void keepsNothingComputedAtAGenerationOvertakenWhileComputing() throws Exception {
		var cache = cache(true, 100);
		var started = new CountDownLatch(1);
		var overtaken = new CountDownLatch(1);
		var slow = CompletableFuture.supplyAsync(() -> cache.get("k", () -> {
			started.countDown();
			await(overtaken);
			return List.of(-1);
		}, List::size));
		await(started);
		generation.set(2);
		assertThat(ask(cache, "k")).containsExactly(1);
		overtaken.countDown();
		assertThat(slow.get(10, TimeUnit.SECONDS)).containsExactly(-1);
		assertThat(ask(cache, "k")).containsExactly(1);
		assertThat(cache.rowsHeld()).isEqualTo(2);
		generation.set(1);
		assertThat(ask(cache, "k")).containsExactly(2);
		assertThat(ask(cache, "k")).containsExactly(3);
	}

	@Test
	void holdsNoMoreRowsThanConfigured() {
		var cache = cache(true, 5);
		for (int i = 0; i < 10; i++) {
			String key = "k" + i;
			cache.get(key, () -> List.of(key, key), List::size);
		}
		assertThat(cache.rowsHeld()).isLessThanOrEqualTo(5);
	}

	@Test
	void computesEveryTimeWhenDisabled() {
		var cache = cache(false, 100);
		ask(cache, "k");
		assertThat(ask(cache, "k")).containsExactly(2);
	}

	@Test
	void computesTheAnswersAskedForAgainOnceMoreAtTheNextGeneration() {
		var cache = warming(true, 100, 10);
		var computedFor = new ConcurrentHashMap<String, AtomicInteger>();
		Function<String, List<Integer>> ask = key -> cache.get(key,
				() -> List.of(computedFor.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet()), List::size);
		ask.apply("dashboard");
		ask.apply("dashboard");
		ask.apply("once");
		generation.set(2);
		ask.apply("other");
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> computedFor.get("dashboard").get() == 2);
		assertThat(ask.apply("dashboard")).as("computed in the background at generation 2").containsExactly(2);
		assertThat(computedFor.get("dashboard")).hasValue(2);
		assertThat(ask.apply("once")).as("asked for once: not warmed").containsExactly(2);
		cache.destroy();
	}

	@Test
	void warmsTheMostAskedFirstAndNoMoreThanConfigured() {
		var cache = warming(true, 100, 1);
		var computedFor = new ConcurrentHashMap<String, AtomicInteger>();
		Function<String, List<Integer>> ask = key -> cache.get(key,
				() -> List.of(computedFor.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet()), List::size);
		for (int i = 0; i < 3; i++) {
			ask.apply("most");
			ask.apply(i == 0 ? "less" : "most");
		}
		ask.apply("less");
		generation.set(2);
		ask.apply("other");
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> computedFor.get("most").get() == 2);
		assertThat(ask.apply("less")).as("left for its next request").containsExactly(2);
		cache.destroy();
	}

	@Test
	void leavesAFailureInTheBackgroundToTheNextRequest() {
		var cache = warming(true, 100, 10);
		var calls = new AtomicInteger();
		Supplier<List<Integer>> failingOnce = () -> {
			if (calls.incrementAndGet() == 2) {
				throw new IllegalStateException("connection lost");
			}
			return List.of(calls.get());
		};
		cache.get("k", failingOnce, List::size);
		cache.get("k", failingOnce, List::size);
		generation.set(2);
		ask(cache, "other");
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> calls.get() == 2);
		// a request that came while the failure was being shared gets it; the next one computes
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.ignoreException(IllegalStateException.class)
			.until(() -> cache.get("k", failingOnce, List::size).equals(List.of(3)));
		assertThat(cache.get("k", failingOnce, List::size)).containsExactly(3);
		cache.destroy();
	}

	@Test
	void warmsNothingWhenDisabled() {
		var cache = warming(false, 100, 10);
		ask(cache, "k");
		ask(cache, "k");
		generation.set(2);
		assertThat(ask(cache, "k")).containsExactly(3);
		cache.destroy();
	}

	private List<Integer> ask(GenerationCache cache, String key) {
		return cache.get(key, () -> List.of(computed.incrementAndGet()), List::size);
	}

	private GenerationCache cache(boolean enabled, long rows) {
		return warming(enabled, rows, 0);
	}

	private GenerationCache warming(boolean enabled, long rows, int answers) {
		return new GenerationCache(enabled, rows, answers, status -> generation.get(),
				TransactionOperations.withoutTransaction(), () -> {
				});
	}

}
