package io.lakegov.ingest;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the planner's statistics of the store's tables current during runs that grow it. A first load
 * into empty tables otherwise runs on plans made for empty tables until autovacuum catches up, and the
 * rollup rebuilds beside it degrade into scans and loops.
 */
@Component
class StoreStatistics {

	/** The columns of the wide tables that statistics are kept of. */
	private static final Map<String, String> KEY_COLUMNS = Map.of("query_history",
			"source, statement_id, session_id, start_time, update_time", "table_access",
			"source, statement_id, table_name, business_date, role, statement_kind", "column_access",
			"source, statement_id, table_name, business_date, role, resolution", "statement_analysis",
			"text_hash, analyzer_version", "engine_lineage", "source, statement_id, lineage_key, event_time");

	/** The batches after which statistics are refreshed. */
	private static final Set<Long> DUE = Set.of(2L, 8L, 32L);

	private final JdbcClient jdbc;

	StoreStatistics(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Refreshes after batches 2, 8 and 32, while the tables are small and their statistics change fast:
	 * only when the run's stored rows so far ({@code storedByRun}) are more than a tenth of what the store
	 * held when the run started ({@code storedAtStart}, from {@link #storedRows()}). From then on the
	 * planner scales what it knows by the tables' actual size, and autovacuum analyses them as they grow; a
	 * refresh of large tables that a run barely changes (a re-read window, an hour's new rows) would only take
	 * time from the batches in flight.
	 */
	void refreshIfDue(long batch, long storedByRun, long storedAtStart) {
		if (DUE.contains(batch)) {
			refreshIfGrown(storedByRun, storedAtStart);
		}
	}

	/**
	 * Refreshes when the run's stored rows are more than a tenth of what the store held when it started: at
	 * the end of a window, so that the run's lineage and rollups, and the next run's look-ups of stored rows,
	 * are planned for the store as it now is rather than as it was before autovacuum gets to it.
	 */
	void refreshIfGrown(long storedByRun, long storedAtStart) {
		if (storedByRun > 0 && storedByRun * 10 > storedAtStart) {
			jdbc.sql("ANALYZE " + String.join(", ", targets())).update();
		}
	}

	/**
	 * Every table of the store: a table left out would be planned as a never-analysed one, with default
	 * selectivities, and a rollup rebuild that takes a table's facts for a handful of rows loops over its
	 * (day, table) pairs once per fact. The wide tables are sampled only in the columns ingestion's
	 * statements look rows up by and join on: their texts and documents would cost most of the sampling and
	 * tell the planner nothing it uses here.
	 */
	private List<String> targets() {
		return jdbc.sql("""
				SELECT tablename, quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()
				ORDER BY tablename""")
			.query((rs, n) -> {
				String columns = KEY_COLUMNS.get(rs.getString(1));
				return rs.getString(2) + (columns == null ? "" : " (" + columns + ")");
			})
			.list();
	}

	/** The history rows the store holds, as the planner last estimated them (no count: one catalog row). */
	long storedRows() {
		return jdbc.sql("SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = 'query_history'::regclass")
			.query(Long.class)
			.single();
	}

}
