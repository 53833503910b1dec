package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;
import static io.lakegov.usage.bench.UsageFactGenerator.log;

/**
 * What the generator does to the store around the COPY: empties it and drops the fact indexes
 * before, rebuilds the indexes, the rollups and the inventory after.
 */
final class BenchSchema {

	private final String url;

	private final String user;

	private final String password;

	BenchSchema(String url, String user, String password) {
		this.url = url;
		this.user = user;
		this.password = password;
	}

	/** Empties facts, rollups and inventory, drops the fact indexes and returns their definitions. */
	List<String> prepare() throws SQLException {
		try (Connection connection = connect()) {
			execute(connection, """
					TRUNCATE table_access, usage_daily, table_user_daily, table_source_daily, user_daily, table_daily,
					    table_lineage_daily, table_summary, table_inventory, query_history, statement_analysis,
					    read_cost_daily, table_cost_daily, user_cost_daily, co_read_daily, table_query_daily, column_inventory, column_access,
					    column_daily, column_source_daily, column_downstream_daily, view_name, view_read_set_daily""");
			List<String> indexes = new ArrayList<>();
			try (Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery(
							"SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'table_access' ORDER BY indexname")) {
				while (rows.next()) {
					indexes.add(rows.getString(1) + "\t" + rows.getString(2));
				}
			}
			for (String index : indexes) {
				String name = index.substring(0, index.indexOf('\t'));
				execute(connection, name.endsWith("_pkey") ? "ALTER TABLE table_access DROP CONSTRAINT " + name
						: "DROP INDEX " + name);
			}
			return indexes;
		}
	}

	/**
	 * Rebuilds the fact indexes, every rollup and the inventory, then refreshes planner statistics.
	 * Rollup rows are inserted in (day, table) order: the service's incremental rebuild writes each
	 * (day, table)'s rows together, so this is the layout a long-running store has.
	 */
	void finish(List<String> indexes, Workspace workspace, LocalDate last) throws SQLException {
		try (Connection connection = connect()) {
			execute(connection, "SET maintenance_work_mem = '1GB'");
			execute(connection, "SET work_mem = '512MB'");
			for (String index : indexes) {
				String name = index.substring(0, index.indexOf('\t'));
				execute(connection, index.substring(index.indexOf('\t') + 1));
				if (name.endsWith("_pkey")) {
					execute(connection, "ALTER TABLE table_access ADD CONSTRAINT " + name + " PRIMARY KEY USING INDEX " + name);
				}
			}
			execute(connection, """
					INSERT INTO usage_daily (business_date, table_name, user_name, role, source_kind, source_id,
					    statements, time_travel_statements, first_event, last_event)
					SELECT business_date, table_name, user_name, role, source_kind, source_id, count(DISTINCT (source, statement_id)),
					       count(DISTINCT (source, statement_id)) FILTER (WHERE time_travel_kind IS NOT NULL),
					       min(event_time), max(event_time)
					FROM table_access
					GROUP BY business_date, table_name, user_name, role, source_kind, source_id
					ORDER BY business_date, table_name""");
			execute(connection, """
					INSERT INTO table_user_daily (business_date, table_name, user_name, role, statements,
					    time_travel_statements, first_event, last_event)
					SELECT business_date, table_name, user_name, role, sum(statements), sum(time_travel_statements),
					       min(first_event), max(last_event)
					FROM usage_daily
					GROUP BY business_date, table_name, user_name, role
					ORDER BY business_date, table_name""");
			execute(connection, """
					INSERT INTO table_source_daily (business_date, table_name, role, source_kind, source_id, statements,
					    last_event)
					SELECT business_date, table_name, role, source_kind, source_id, sum(statements), max(last_event)
					FROM usage_daily
					GROUP BY business_date, table_name, role, source_kind, source_id
					ORDER BY business_date, table_name""");
			execute(connection, """
					INSERT INTO user_daily (business_date, user_name, reads, writes)
					SELECT business_date, user_name, coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0),
					       coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0)
					FROM table_user_daily
					WHERE role IN ('READ', 'WRITE')
					GROUP BY business_date, user_name""");
			execute(connection, """
					INSERT INTO table_daily (business_date, table_name, reads, writes, time_travel_reads, readers, writers,
					    users, last_read, last_write)
					SELECT business_date, table_name,
					       count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ'),
					       count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'WRITE'),
					       count(DISTINCT (source, statement_id)) FILTER (WHERE role = 'READ' AND time_travel_kind IS NOT NULL),
					       count(DISTINCT user_name) FILTER (WHERE role = 'READ'),
					       count(DISTINCT user_name) FILTER (WHERE role = 'WRITE'),
					       count(DISTINCT user_name) FILTER (WHERE role IN ('READ', 'WRITE')),
					       max(event_time) FILTER (WHERE role = 'READ'),
					       max(event_time) FILTER (WHERE role = 'WRITE')
					FROM table_access
					WHERE role IN ('READ', 'WRITE')
					GROUP BY business_date, table_name
					ORDER BY business_date, table_name""");
			execute(connection, """
					INSERT INTO table_lineage_daily (business_date, source_table, target_table, statements, last_event)
					SELECT r.business_date, r.table_name, w.table_name, count(DISTINCT (r.source, r.statement_id)), max(r.event_time)
					FROM table_access r
					JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
					    AND w.table_name <> r.table_name
					WHERE r.role = 'READ'
					GROUP BY r.business_date, r.table_name, w.table_name
					ORDER BY r.business_date, r.table_name""");
			execute(connection, """
					INSERT INTO table_summary (table_name, first_date, last_date, reads, writes, last_read, last_write,
					    last_read_date, last_write_date)
					SELECT table_name, min(business_date), max(business_date), sum(reads), sum(writes), max(last_read),
					       max(last_write), max(business_date) FILTER (WHERE reads > 0),
					       max(business_date) FILTER (WHERE writes > 0)
					FROM table_daily
					GROUP BY table_name""");
			CostSchema.build(connection);
			inventory(connection, workspace, last);
			// a running service must not answer rankings cached before the load
			execute(connection, "UPDATE store_generation SET generation = generation + 1");
			for (String table : List.of("usage_daily", "table_user_daily", "table_source_daily", "user_daily",
					"table_daily", "table_lineage_daily", "table_summary", "table_inventory", "query_history",
					"statement_analysis", "read_cost_daily", "table_cost_daily", "user_cost_daily", "co_read_daily",
					"table_query_daily")) {
				execute(connection, "VACUUM ANALYZE " + table);
			}
			execute(connection, "ANALYZE table_access");
		}
	}

	/** Every table of the workspace, created a year before the first fact, and 50 dropped ones. */
	private void inventory(Connection connection, Workspace workspace, LocalDate last) throws SQLException {
		String since = "'" + last.minusDays(400) + "'::timestamptz";
		execute(connection, """
				INSERT INTO table_inventory (full_name, table_catalog, table_schema, table_name, table_type,
				    data_source_format, storage_path, created, last_altered, valid_from, last_synced_at)
				SELECT 'cat' || (i %% 4) || '.sch' || (i %% 60) || '.tbl_' || i, 'cat' || (i %% 4), 'sch' || (i %% 60),
				       'tbl_' || i, 'MANAGED', 'DELTA', 's3://bench/tbl_' || i, %s, now(), %s, now()
				FROM generate_series(0, %d) AS i""".formatted(since, since, workspace.tables - 1));
		execute(connection, """
				INSERT INTO table_inventory (full_name, table_catalog, table_schema, table_name, table_type,
				    data_source_format, storage_path, created, last_altered, valid_from, valid_to, last_synced_at)
				SELECT 'cat0.sch0.dropped_' || i, 'cat0', 'sch0', 'dropped_' || i, 'MANAGED', 'DELTA',
				       's3://bench/dropped_' || i, %s, %s, %s, now() - i * interval '1 day', now()
				FROM generate_series(1, 50) AS i""".formatted(since, since, since));
	}

	String databaseSize() throws SQLException {
		try (Connection connection = connect(); Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT pg_size_pretty(pg_database_size(current_database()))")) {
			rows.next();
			log("table sizes:");
			try (Statement sizes = connection.createStatement(); ResultSet tables = sizes.executeQuery("""
					SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) FROM pg_class
					WHERE relname IN ('table_access', 'usage_daily', 'table_user_daily', 'table_source_daily', 'user_daily',
					    'table_daily', 'table_lineage_daily', 'table_summary', 'query_history', 'statement_analysis',
					    'read_cost_daily', 'table_cost_daily', 'user_cost_daily', 'co_read_daily',
					    'table_query_daily')""")) {
				while (tables.next()) {
					log("  %-22s %s", tables.getString(1), tables.getString(2));
				}
			}
			return rows.getString(1);
		}
	}

	private Connection connect() throws SQLException {
		return DriverManager.getConnection(url, user, password);
	}

}
