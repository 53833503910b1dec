package io.lakegov.store;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How the store's settings bind: detail retention is off unless set, and whole days, at least one, when set. */
class StorePropertiesTests {

	@Test
	void keepsAllDetailByDefault() {
		StoreProperties properties = bind(Map.of());
		assertThat(properties.detailRetention()).isNull();
		assertThat(properties.detailRetentionDays()).isNull();
		assertThat(properties.detailShedBatch()).isEqualTo(5000);
		assertThat(properties.detailShedInterval()).isEqualTo(Duration.ofHours(1));
	}

	@Test
	void bindsDetailRetentionInWholeDays() {
		StoreProperties properties = bind(Map.of("lakegov.store.detail-retention", "400d",
				"lakegov.store.detail-shed-batch", "100"));
		assertThat(properties.detailRetentionDays()).isEqualTo(400);
		assertThat(properties.detailShedBatch()).isEqualTo(100);
	}

	@Test
	void refusesRetentionShorterThanADayAndBatchesOutOfBounds() {
		assertThatThrownBy(() -> bind(Map.of("lakegov.store.detail-retention", "12h"))).rootCause()
			.hasMessageContaining("detail-retention must be at least 1d");
		assertThatThrownBy(() -> bind(Map.of("lakegov.store.detail-retention", "36h"))).rootCause()
			.hasMessageContaining("detail-retention must be whole days");
		assertThat(bind(Map.of("lakegov.store.detail-retention", "48h")).detailRetentionDays()).isEqualTo(2);
		assertThatThrownBy(() -> bind(Map.of("lakegov.store.detail-shed-batch", "0"))).rootCause()
			.hasMessageContaining("detail-shed-batch");
		assertThatThrownBy(() -> bind(Map.of("lakegov.store.detail-shed-interval", "0s"))).rootCause()
			.hasMessageContaining("detail-shed-interval");
	}

	private static StoreProperties bind(Map<String, String> values) {
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("lakegov.store",
				StoreProperties.class);
	}

}
