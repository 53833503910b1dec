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

	/** The first refresh, after this many batches; then after four times as many, and so on. */
	private static final long FIRST = 2;

	private final JdbcClient jdbc;

	StoreStatistics(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Refreshes after batches 2, 8, 32, 128, ...: often while the tables are small and their statistics
	 * change fast, then rarely (autovacuum also analyses them, only later).
	 */
	void refreshIfDue(long batch) {
		boolean due = false;
		for (long next = FIRST; next > 0 && next <= batch; next *= 4) {
			due |= next == batch;
		}
		if (due) {
			// only the columns ingestion's statements look rows up by: the texts and documents of the
			// history would cost most of the sampling and tell the planner nothing it uses here
			jdbc.sql("""
					ANALYZE query_history (statement_id, session_id, start_time, update_time),
					    table_access (statement_id, table_name, business_date, role),
					    usage_daily, table_daily, table_lineage_daily, table_summary, table_user_daily,
					    table_source_daily, user_daily, session_event""")
				.update();
		}
	}

}
