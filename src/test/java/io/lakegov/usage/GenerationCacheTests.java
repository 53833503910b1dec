package io.lakegov.usage;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import org.springframework.transaction.support.TransactionOperations;

import static org.assertj.core.api.Assertions.assertThat;

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

	private List<Integer> ask(GenerationCache cache, String key) {
		return cache.get(key, () -> List.of(computed.incrementAndGet()), List::size);
	}

	private GenerationCache cache(boolean enabled, long rows) {
		return new GenerationCache(enabled, rows, generation::get, TransactionOperations.withoutTransaction());
	}

}
