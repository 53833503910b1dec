package io.lakegov.watch.detect;

import java.util.function.Consumer;

import io.lakegov.web.Secrets;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs detection inside the caller's transaction (an ingestion batch, a catalog sync) behind a savepoint: a
 * failure of the watches rolls back to it, is logged and counted ({@code lakegov.watch.detection.failures}),
 * and the caller's work commits without that batch's events, with what it records for them to be raised
 * later. Watches must never stop ingestion.
 */
@Component
class Savepoints {

	private static final Logger log = LoggerFactory.getLogger(Savepoints.class);

	private final TransactionTemplate nested;

	private final Counter failures;

	Savepoints(PlatformTransactionManager transactions, MeterRegistry registry) {
		this.nested = new TransactionTemplate(transactions);
		this.nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
		this.failures = Counter.builder("lakegov.watch.detection.failures")
			.description("Detections of watch events that failed and were rolled back, leaving the caller's work")
			.register(registry);
	}

	/** Runs the detection behind a savepoint; whether it succeeded. */
	boolean run(String what, Runnable detection) {
		return run(what, detection, failure -> {
		});
	}

	/**
	 * Runs the detection behind a savepoint; after a failure, runs {@code afterFailure} behind another (to
	 * record what was missed), whose own failure is logged. Whether the detection succeeded.
	 */
	boolean run(String what, Runnable detection, Consumer<RuntimeException> afterFailure) {
		try {
			nested.executeWithoutResult(status -> detection.run());
			return true;
		}
		catch (RuntimeException ex) {
			failures.increment();
			log.warn("Watch events of {} were not raised: {}", what, Secrets.mask(String.valueOf(ex.getMessage())),
					Secrets.masked(ex));
			try {
				nested.executeWithoutResult(status -> afterFailure.accept(ex));
			}
			catch (RuntimeException recording) {
				log.warn("What the watch events of {} need to be raised later could not be recorded: {}", what,
						Secrets.mask(String.valueOf(recording.getMessage())), Secrets.masked(recording));
			}
			return false;
		}
	}

}
