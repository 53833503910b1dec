package io.lakegov.ingest;

import java.util.List;

import io.lakegov.support.StoreReset;

import org.springframework.jdbc.core.simple.JdbcClient;

/** Resets the store and the local warehouse between ingestion tests, and reads what ingestion stored. */
final class IngestionTestSupport {

	private IngestionTestSupport() {
	}

	static void reset(JdbcClient jdbc) {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
	}

	/** Every fact as one comparable line, ordered. */
	static List<String> facts(JdbcClient jdbc) {
		return jdbc.sql("""
				SELECT concat_ws('|', statement_id, access_no, table_name, written_name, fully_qualified, role,
				    statement_kind, time_travel_kind, time_travel_value, user_name, event_time, business_date,
				    source_kind, source_id, execution_status)
				FROM table_access ORDER BY statement_id, access_no""").query(String.class).list();
	}

	static List<String> facts(JdbcClient jdbc, String statementId) {
		return jdbc.sql("""
				SELECT concat_ws('|', table_name, role, coalesce(time_travel_kind, '-'), coalesce(time_travel_value, '-'))
				FROM table_access WHERE statement_id = :id ORDER BY access_no""")
			.param("id", statementId)
			.query(String.class)
			.list();
	}

	static List<String> rollups(JdbcClient jdbc) {
		return jdbc.sql("""
				SELECT concat_ws('|', business_date, table_name, user_name, role, source_kind, source_id, statements,
				    time_travel_statements, first_event, last_event)
				FROM usage_daily ORDER BY 1""").query(String.class).list();
	}

	static List<String> history(JdbcClient jdbc) {
		return jdbc.sql("""
				SELECT concat_ws('|', statement_id, executed_by, execution_status, update_time, text_hash,
				    analysis_status, source_kind, source_id, extra_columns::text)
				FROM query_history ORDER BY statement_id""").query(String.class).list();
	}

}
