package io.lakegov.ingest;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the store keeps of statement texts. The analysis (redacted text, fingerprint, tables) is always
 * kept; the raw text only when asked for, and only for a while. Re-analysis after an analyser upgrade needs
 * the raw text: a statement without it keeps the facts of its last analysis and is reported as not
 * re-analysable.
 *
 * @param keepRawText store raw statement texts (shown to admins only); when false, no raw text is stored
 * and the purge removes any that earlier versions stored
 * @param rawTextRetention raw texts of statements that started longer ago are removed
 * @param purgeEnabled run the purge on its schedule
 * @param purgeCron when the purge runs (Spring cron, with seconds)
 * @param purgeZone the time zone of {@code purgeCron}
 * @param purgeBatchSize texts removed per transaction
 * @param purgeDryRun count and log what the purge would remove, remove nothing
 */
@ConfigurationProperties("lakegov.history")
public record RawTextProperties(@DefaultValue("false") boolean keepRawText,
		@DefaultValue("30d") Duration rawTextRetention, @DefaultValue("true") boolean purgeEnabled,
		@DefaultValue("0 45 * * * *") String purgeCron, @DefaultValue("UTC") String purgeZone,
		@DefaultValue("10000") int purgeBatchSize, @DefaultValue("false") boolean purgeDryRun) {

	public RawTextProperties {
		if (rawTextRetention.isNegative()) {
			throw new IllegalArgumentException("lakegov.history.raw-text-retention cannot be negative");
		}
		if (purgeBatchSize < 1) {
			throw new IllegalArgumentException("lakegov.history.purge-batch-size must be at least 1");
		}
	}

}
