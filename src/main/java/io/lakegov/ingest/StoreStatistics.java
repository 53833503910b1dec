package io.lakegov.ingest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the planner's statistics of the tables ingestion writes current during long runs. A first load
 * into empty tables otherwise runs on plans made for empty tables until autovacuum catches up, and the
 * per-batch rollup rebuilds degrade into scans.
 */
@Component
class StoreStatistics {

	/** Batches between two refreshes: early and then rarely, as tables grow. */
	private static final long[] DUE = { 2, 8, 32 };

	private static final long EVERY = 64;

	private final JdbcClient jdbc;

	StoreStatistics(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void refreshIfDue(long batch) {
		boolean due = batch % EVERY == 0;
		for (long early : DUE) {
			due |= batch == early;
		}
		if (due) {
			jdbc.sql("ANALYZE query_history, table_access, usage_daily, table_daily, table_lineage_daily, table_summary, session_event")
				.update();
		}
	}

}
