package io.lakegov.reports;

import java.time.Instant;
import java.util.List;

import io.lakegov.usage.QuerySource;
import io.lakegov.web.ContractBounds;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The statements of one shape (fingerprint) that read or wrote a table in a date range.
 *
 * @param fingerprint the statement shape: literals and parameters removed, whitespace and case normalised
 * @param statements statements of this shape
 * @param users distinct users who ran them
 * @param sources the query sources they ran through, at most {@value QueryGroupRepository#MAX_SOURCES}
 * by kind and id
 * @param sourceCount distinct query sources
 * @param firstRun the earliest start
 * @param lastRun the latest start
 * @param totalDurationMs the sum of their {@code total_duration_ms}
 * @param p95DurationMs the nearest-rank 95th percentile of their durations (statements still running,
 * without a duration, left out), approximate: read from a duration sketch, at most 4.5 % plus 0.5 ms from the
 * exact value, never outside the shortest and longest duration; null when none has one
 * @param readBytes the sum of their {@code read_bytes}
 * @param example the redacted text (literals removed) of the latest run, never the raw text
 */
public record QueryGroup(
		@Schema(maxLength = ContractBounds.FINGERPRINT_LENGTH, pattern = ContractBounds.FINGERPRINT_PATTERN) String fingerprint, long statements, long users, List<QuerySource> sources, long sourceCount,
		Instant firstRun, Instant lastRun, long totalDurationMs,
		@Schema(description = P95_DOC) Long p95DurationMs, long readBytes, String example) {

	static final String P95_DOC = "Nearest-rank 95th percentile of the durations (statements without one left out), "
			+ "approximate: read from a duration sketch (8 log-scale buckets per doubling), at most 4.5 % plus 0.5 ms from "
			+ "the exact value and never outside the shortest and longest duration; null when no statement has one. "
			+ "Every other figure is exact.";

}
