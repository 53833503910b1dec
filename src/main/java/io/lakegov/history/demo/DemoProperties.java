package io.lakegov.history.demo;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The demo warehouse of the embedded default: a workload generator that writes realistic query history
 * into the local warehouse, which ingestion then reads like a real source.
 *
 * @param enabled whether to generate; unset means "when no lakegov.source.url is configured"
 * @param seedDays how many days of history a fresh demo warehouse starts with
 * @param seedStatementsPerDay statements per day in that history
 * @param statementsPerMinute live traffic after startup
 * @param tick how often live traffic is written
 * @param seed the random seed (the same seed gives the same workload)
 * @param maskedShare the share of sessions whose statement texts the demo warehouse masks as
 * {@code <REDACTED>} (their usage then rests on the engine's lineage, where it has any)
 */
@ConfigurationProperties("lakegov.demo")
public record DemoProperties(Boolean enabled, @DefaultValue("30") int seedDays,
		@DefaultValue("300") int seedStatementsPerDay, @DefaultValue("20") int statementsPerMinute,
		@DefaultValue("15s") Duration tick, @DefaultValue("42") long seed, @DefaultValue("0.2") double maskedShare) {

	public DemoProperties {
		if (seedDays < 0 || seedDays > 3650 || seedStatementsPerDay < 0 || statementsPerMinute < 0) {
			throw new IllegalArgumentException("lakegov.demo sizes must be non-negative (seed-days at most 3650)");
		}
		if (maskedShare < 0 || maskedShare > 1) {
			throw new IllegalArgumentException("lakegov.demo.masked-share must be between 0 and 1, was " + maskedShare);
		}
	}

}
