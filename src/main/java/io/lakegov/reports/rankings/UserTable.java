package io.lakegov.reports.rankings;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.lakegov.views.ViewPath;

/**
 * A table one user read or wrote in a date range.
 *
 * @param table the table
 * @param reads statements of the user that read it
 * @param writes statements of the user that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param lastAccess the user's latest read or write of it
 * @param durationMs the table's share of the duration of the user's statements that read it
 * @param readBytes the table's share of their bytes read
 * @param access only when indirect reads were asked for: DIRECT (the table itself) or VIA (views on it; then
 * {@code reads} are the user's statements that read them on the days they reached the table, a statement
 * reading several of them counted once, and writes and cost are 0: reads of views carry no cost of the
 * tables behind them)
 * @param via with {@code access} VIA: the paths from the table to the views the user read
 */
public record UserTable(String table, long reads, long writes, long timeTravelReads, Instant lastAccess,
		long durationMs, long readBytes, @JsonInclude(JsonInclude.Include.NON_NULL) String access,
		@JsonInclude(JsonInclude.Include.NON_NULL) List<ViewPath> via) {

	public UserTable {
		via = via == null ? null : List.copyOf(via);
	}

	/** A table in an answer about direct reads only. */
	UserTable(String table, long reads, long writes, long timeTravelReads, Instant lastAccess, long durationMs,
			long readBytes) {
		this(table, reads, writes, timeTravelReads, lastAccess, durationMs, readBytes, null, null);
	}

}
