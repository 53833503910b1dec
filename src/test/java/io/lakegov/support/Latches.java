package io.lakegov.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Waiting, in a test's threads, for what another thread signals. */
public final class Latches {

	private Latches() {
	}

	/** Waits until the latch opens, 30 s at most, failing the test when it does not. */
	public static void await(CountDownLatch latch) {
		try {
			assertThat(latch.await(30, TimeUnit.SECONDS)).as("the other thread's signal").isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
