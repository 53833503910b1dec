package io.lakegov.retention;

import java.time.Instant;

/**
 * Reads and writes of a table from the daily rollup.
 *
 * @param reads read statements in the lookback
 * @param writes write statements in the lookback
 * @param lastRead the last read the store knows, even before the lookback
 * @param lastWrite the last write the store knows
 */
public record TableUsage(long reads, long writes, Instant lastRead, Instant lastWrite) {

	static final TableUsage NONE = new TableUsage(0, 0, null, null);

}
