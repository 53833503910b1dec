package io.lakegov.ingest;

import org.springframework.jdbc.core.simple.JdbcClient;

/** Resets the store between tests that read the test warehouse (whose history the tests clear themselves). */
final class WarehouseStore {

	private WarehouseStore() {
	}

	static void reset(JdbcClient jdbc) {
		jdbc.sql("""
				TRUNCATE query_history, statement_analysis, session_event, table_access, usage_daily, table_user_daily,
				    table_source_daily, user_daily, table_daily, table_lineage_daily, table_summary, read_cost_daily,
				    table_cost_daily, user_cost_daily, co_read_daily, view_read_set_daily, table_query_daily, ingestion_run, engine_lineage, lineage_disagreement,
				    ingestion_watermark, column_access, column_daily, column_source_daily, column_downstream_daily""").update();
	}

}
