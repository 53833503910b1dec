package io.lakegov.watch;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WatchRequestTests {

	@Test
	void declaresAsManyEventsAsThereAreKinds() {
		assertThat(WatchService.MAX_EVENTS).isEqualTo(EventType.values().length);
	}

}
