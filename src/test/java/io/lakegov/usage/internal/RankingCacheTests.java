package io.lakegov.usage.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakegov.usage.RankingProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RankingCacheTests {

	@Test
	void reusesARankingWithinTheTtl() {
		var cache = new RankingCache(new RankingProperties(Duration.ofMinutes(1), 10));
		var computed = new AtomicInteger();
		cache.get("k", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get("k", () -> List.of(computed.incrementAndGet()))).containsExactly(1);
		assertThat(cache.get("other", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void computesEveryTimeWithAZeroTtl() {
		var cache = new RankingCache(new RankingProperties(Duration.ZERO, 10));
		var computed = new AtomicInteger();
		cache.get("k", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get("k", () -> List.of(computed.incrementAndGet()))).containsExactly(2);
	}

	@Test
	void keepsNoMoreThanTheConfiguredEntries() {
		var cache = new RankingCache(new RankingProperties(Duration.ofMinutes(1), 1));
		var computed = new AtomicInteger();
		cache.get("a", () -> List.of(computed.incrementAndGet()));
		cache.get("b", () -> List.of(computed.incrementAndGet()));
		assertThat(cache.get("b", () -> List.of(computed.incrementAndGet()))).containsExactly(3);
		assertThat(cache.get("a", () -> List.of(computed.incrementAndGet()))).containsExactly(1);
	}

}
