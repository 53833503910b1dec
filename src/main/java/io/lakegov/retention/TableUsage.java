package io.lakegov.retention;

import java.time.Instant;

/**
 * Reads and writes of a table from the daily rollups.
 *
 * @param reads read statements in the lookback
 * @param readsThroughViews statements in the lookback that read a view while it reached the table
 * @param writes write statements in the lookback
 * @param lastRead the last direct read the store knows, even before the lookback
 * @param lastWrite the last write the store knows
 */
public record TableUsage(long reads, long readsThroughViews, long writes, Instant lastRead, Instant lastWrite) {

	static final TableUsage NONE = new TableUsage(0, 0, null, null);

	TableUsage(long reads, long writes, Instant lastRead, Instant lastWrite) {
		this(reads, 0, writes, lastRead, lastWrite);
	}

	/** The same usage with these reads through views. */
	TableUsage withReadsThroughViews(long viewReads) {
		return new TableUsage(reads, viewReads, writes, lastRead, lastWrite);
	}

	/** Reads of the table, directly or through views. */
	long allReads() {
		return reads + readsThroughViews;
	}

}
