package io.lakegov.usage.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakegov.usage.RankingProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RankingCacheTests {

	@Test
	void reusesARankingWhileTheGenerationIsCurrent() {
		var cache = new RankingCache(new RankingProperties(true, 10));
		var computed = new AtomicInteger();
		cache.get(1, "k", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get(1, "k", () -> List.of(computed.incrementAndGet()))).containsExactly(1);
		assertThat(cache.get(1, "other", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void computesAgainAtANewGeneration() {
		var cache = new RankingCache(new RankingProperties(true, 10));
		var computed = new AtomicInteger();
		cache.get(1, "k", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get(2, "k", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
		assertThat(cache.get(2, "k", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void dropsEntriesOfOlderGenerationsToMakeRoom() {
		var cache = new RankingCache(new RankingProperties(true, 1));
		var computed = new AtomicInteger();
		cache.get(1, "a", () -> List.of(computed.incrementAndGet()));
		cache.get(2, "b", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get(2, "b", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void computesEveryTimeWhenDisabled() {
		var cache = new RankingCache(new RankingProperties(false, 10));
		var computed = new AtomicInteger();
		cache.get(1, "k", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get(1, "k", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void keepsNoMoreThanTheConfiguredEntries() {
		var cache = new RankingCache(new RankingProperties(true, 1));
		var computed = new AtomicInteger();
		cache.get(1, "a", () -> List.of(computed.incrementAndGet()));
		cache.get(1, "b", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get(1, "b", () -> List.of(computed.incrementAndGet()))).containsExactly(3);
		assertThat(cache.get(1, "a", () -> List.of(computed.incrementAndGet()))).containsExactly(1);
	}

}
