package io.lakegov.ingest;

import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the planner's statistics of the tables ingestion writes current during long runs. A first load
 * into empty tables otherwise runs on plans made for empty tables until autovacuum catches up, and the
 * per-batch rollup rebuilds degrade into scans.
 */
@Component
class StoreStatistics {

	/** The batches after which statistics are refreshed. */
	private static final Set<Long> DUE = Set.of(2L, 8L, 32L);

	private final JdbcClient jdbc;

	StoreStatistics(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Refreshes after batches 2, 8 and 32, while the tables are small and their statistics change fast.
	 * From then on the planner scales what it knows by the tables' actual size, and autovacuum analyses
	 * them as they grow; a refresh of large tables here would only take CPU from the batches in flight.
	 */
	void refreshIfDue(long batch) {
		if (DUE.contains(batch)) {
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
